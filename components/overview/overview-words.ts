import type { OverviewContact } from "@/lib/dashboard/overview-schemas";

/** A customer as staff know them: name, username, number, or the ID WhatsApp gives instead of a number. */
export function customerLabel(c: OverviewContact): string {
  return c.name ?? c.username ?? c.phone ?? (c.bsuid ? `WhatsApp user ID ${c.bsuid}` : "Unknown customer");
}

/** "12 minutes", "3 hours", "2 days": how long since `iso`, in whole units. */
export function durationSince(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (minutes < 1) return "less than a minute";
  if (minutes < 60) return plural(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return plural(hours, "hour");
  return plural(Math.floor(hours / 24), "day");
}

/** "92%", "4.5%", "—" when there is nothing to divide. */
export function percentOf(part: number, whole: number): string {
  if (whole <= 0) return "—";
  const value = (part / whole) * 100;
  return `${value === 100 || value === 0 || value >= 10 ? Math.round(value) : value.toFixed(1)}%`;
}
