import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Page not found · Messaging API" };

const LINK =
  "rounded-md px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600";

/** Any unknown address (a mistyped link, a deleted item's page): where to go instead. */
export default function NotFound() {
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col justify-center px-6 py-16">
      <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase">404</p>
      <h1 className="mt-2 text-3xl font-semibold text-slate-900">This page does not exist</h1>
      <p className="mt-3 text-slate-700">
        The address may be mistyped, or what it pointed to was deleted. Nothing was changed.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link href="/dashboard" className={`${LINK} bg-blue-700 text-white hover:bg-blue-800`}>
          Go to the dashboard
        </Link>
        <Link
          href="/docs"
          className={`${LINK} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
        >
          API reference
        </Link>
      </div>
    </main>
  );
}
