import { cx } from "@/components/ui/cx";

/** "https://hooks.example.com/in/orders?x=1" → "hooks.example.com/in/orders": what tells URLs apart. */
export function hostAndPath(url: string): string {
  try {
    const u = new URL(url);
    const path = u.pathname === "/" ? "" : u.pathname;
    return `${u.host}${path}${u.search ? "?…" : ""}`;
  } catch {
    return url;
  }
}

/**
 * A URL shown by its host and path, wrapped rather than cut, so the part that tells two
 * endpoints apart always shows; the whole URL is in the title (and read by screen readers).
 */
export function UrlText({ url, className }: { url: string; className?: string }) {
  const short = hostAndPath(url);
  return (
    <span title={url} className={cx("block font-mono text-xs break-all text-slate-600", className)}>
      <span aria-hidden="true">{short}</span>
      <span className="sr-only">{url}</span>
    </span>
  );
}
