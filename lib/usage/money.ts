/** Prices are kept in millionths of the currency unit (BigInt), so sums never round. */
const MICROS = 1_000_000n;

/** "12.5" → 12500000n; null when not a non-negative decimal with at most 6 decimals. */
export function parseMicros(value: string): bigint | null {
  const m = /^(\d{1,9})(?:\.(\d{1,6}))?$/.exec(value.trim());
  if (!m) return null;
  return BigInt(m[1] ?? "0") * MICROS + BigInt((m[2] ?? "").padEnd(6, "0") || "0");
}

/** 12500000n → "12.50": at least two decimals, more only when the value has them. */
export function formatMicros(micros: bigint): string {
  const negative = micros < 0n;
  const abs = negative ? -micros : micros;
  const units = abs / MICROS;
  const fraction = (abs % MICROS).toString().padStart(6, "0").replace(/0+$/, "").padEnd(2, "0");
  return `${negative ? "-" : ""}${units}.${fraction}`;
}
