import type { ReactNode } from "react";

/** A plain reference table; each row needs a stable key and one cell per heading. */
export function DataTable({ head, rows }: { head: string[]; rows: { key: string; cells: ReactNode[] }[] }) {
  return (
    <div
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must take focus to scroll by keyboard (axe scrollable-region-focusable; a named region would add one landmark per sample)
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-blue-600"
    >
      <table className="w-full border-collapse text-left text-sm">
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 align-top">
          {rows.map((row) => (
            <tr key={row.key}>
              {head.map((h, column) => (
                <td key={h} className="px-3 py-2">
                  {row.cells[column]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
