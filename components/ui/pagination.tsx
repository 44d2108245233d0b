import { formatNumber } from "@/components/lib/format";
import { Button } from "@/components/ui/button";

export type PaginationProps = {
  page: number;
  perPage: number;
  total: number;
  onPageChange: (page: number) => void;
  /** what is counted, e.g. "contacts" */
  noun?: string;
  /** a newer page is loading: buttons stay, the range is marked busy */
  busy?: boolean;
};

/** "21–40 of 1,234 contacts" with Previous/Next; a nav landmark named Pagination. */
export function Pagination({ page, perPage, total, onPageChange, noun = "items", busy }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(page * perPage, total);
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
      <p className="text-slate-600" aria-live="polite" aria-busy={busy || undefined}>
        {formatNumber(first)}–{formatNumber(last)} of {formatNumber(total)} {noun}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          Previous
        </Button>
        <span className="text-slate-600">
          Page {formatNumber(page)} of {formatNumber(pages)}
        </span>
        <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
