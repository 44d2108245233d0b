import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { safeCallbackUrl } from "@/lib/auth/safe-callback";
import { getDashboardSession } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Sign in · Messaging dashboard" };

type Props = { searchParams: Promise<{ callbackUrl?: string | string[]; error?: string | string[] }> };

export default async function SignInPage({ searchParams }: Props) {
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(params.callbackUrl);
  if (await getDashboardSession()) redirect(callbackUrl);
  const error = typeof params.error === "string" ? params.error : undefined;
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <p className="text-center text-sm font-semibold tracking-wide text-blue-700 uppercase">Messaging</p>
        <h1 className="mt-2 text-center text-2xl font-semibold text-slate-900">Sign in to the dashboard</h1>
        <div className="mt-8 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <SignInForm callbackUrl={callbackUrl} initialError={error} />
        </div>
        <p className="mt-6 text-center text-xs text-slate-500">
          Staff accounts are created by an owner of your organization.
        </p>
      </div>
    </main>
  );
}
