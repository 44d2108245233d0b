import type { FieldRow } from "@/lib/openapi/schema-fields";
import { DataTable } from "./data-table";
import { InlineText } from "./inline-text";

type Row = FieldRow & { in?: string };

function NameCell({ row }: { row: Row }) {
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <code className="font-mono text-[0.8rem] font-medium text-slate-900">{row.name}</code>
      {row.required ? (
        <span className="text-[0.65rem] font-semibold uppercase text-rose-700">required</span>
      ) : null}
    </div>
  );
}

function DescriptionCell({ row }: { row: Row }) {
  return (
    <div className="space-y-1 text-slate-700">
      {row.description ? (
        <p>
          <InlineText text={row.description} />
        </p>
      ) : null}
      {row.notes.length > 0 ? (
        <p className="text-xs text-slate-500">
          <InlineText text={row.notes.join(" · ")} />
        </p>
      ) : null}
    </div>
  );
}

/** Parameters (with their location) or body and response fields. */
export function FieldsTable({ rows, withLocation = false }: { rows: Row[]; withLocation?: boolean }) {
  const head = withLocation ? ["Name", "In", "Type", "Description"] : ["Name", "Type", "Description"];
  return (
    <DataTable
      head={head}
      rows={rows.map((row) => ({
        key: `${row.in ?? ""}:${row.name}`,
        cells: [
          <NameCell key="name" row={row} />,
          ...(withLocation
            ? [
                <span key="in" className="text-xs text-slate-500">
                  {row.in}
                </span>,
              ]
            : []),
          <code key="type" className="font-mono text-xs text-violet-700">
            {row.type}
          </code>,
          <DescriptionCell key="description" row={row} />,
        ],
      }))}
    />
  );
}
