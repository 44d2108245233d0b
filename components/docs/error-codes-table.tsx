import type { OperationView } from "@/lib/openapi/reference";
import { DataTable } from "./data-table";
import { InlineText } from "./inline-text";

export function ErrorCodesTable({ errors }: { errors: OperationView["errors"] }) {
  return (
    <DataTable
      head={["HTTP", "Code", "Cause"]}
      rows={errors.map((e) => ({
        key: e.code,
        cells: [
          <span key="status" className="font-mono text-xs text-slate-600">
            {e.status}
          </span>,
          <code key="code" className="font-mono text-xs font-medium text-slate-900">
            {e.code}
          </code>,
          <span key="cause" className="text-slate-700">
            <InlineText text={e.cause} />
          </span>,
        ],
      }))}
    />
  );
}
