import Link from "next/link";

export default function Home() {
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="text-3xl font-semibold">Messaging API</h1>
      <p className="mt-3 text-slate-600">
        Send WhatsApp messages, manage contacts and receive signed webhooks through the /v1 API.
      </p>
      <ul className="mt-8 space-y-2 text-blue-700 underline">
        <li>
          <Link href="/dashboard">Staff dashboard (sign in)</Link>
        </li>
        <li>
          <Link href="/docs">API reference</Link>
        </li>
        <li>
          <a href="/v1/openapi.json">OpenAPI 3.1 document</a>
        </li>
      </ul>
    </main>
  );
}
