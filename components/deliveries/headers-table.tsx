import { isMasked } from "@/lib/webhooks/support-view";

/** The headers of one attempt, as sent (signatures included). */
export function HeadersTable({ headers, caption }: { headers: Record<string, string>; caption: string }) {
  const entries = Object.entries(headers);
  if (entries.length === 0) return <p className="text-sm text-slate-500">No headers were recorded.</p>;
  const masked = entries.some(([, value]) => isMasked(value));
  return (
    <>
      <div className="relative overflow-x-auto rounded-md border border-slate-200">
        <table className="min-w-full text-xs">
          <caption className="sr-only">{caption}</caption>
          <tbody className="divide-y divide-slate-100">
            {entries.map(([name, value]) => (
              <tr key={name}>
                <th
                  scope="row"
                  className="bg-slate-50 px-3 py-1.5 text-left font-mono font-medium whitespace-nowrap text-slate-700"
                >
                  {name}
                </th>
                <td className="px-3 py-1.5 font-mono break-all text-slate-900">{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {masked ? (
        <p className="mt-1 text-xs text-slate-600">
          Signatures are hidden from agents; owners and admins see them whole.
        </p>
      ) : null}
    </>
  );
}
