/** Pricing categories in a fixed order and colour (Tailwind palette hexes, 3:1 against white). */
export const CATEGORY_ORDER = [
  "marketing",
  "marketing_lite",
  "utility",
  "authentication",
  "authentication_international",
  "service",
  "business_agent",
] as const;

const COLOURS: Record<string, string> = {
  marketing: "#1d4ed8",
  marketing_lite: "#0891b2",
  utility: "#15803d",
  authentication: "#b45309",
  authentication_international: "#c2410c",
  service: "#7c3aed",
  business_agent: "#be123c",
};

/** Categories whose name does not read well from their key. */
const LABELS: Record<string, string> = {
  // Meta Business Agent (Meta's own AI responder), billed since August 2026 (sandbox/send/pricing.ts)
  business_agent: "Meta Business Agent",
};

const FALLBACK = ["#475569", "#be185d", "#4d7c0f"];

export function categoryColour(category: string, index = 0): string {
  return COLOURS[category] ?? FALLBACK[index % FALLBACK.length] ?? "#475569";
}

/** "authentication_international" → "Authentication international" */
export function categoryLabel(category: string): string {
  const known = LABELS[category];
  if (known) return known;
  const words = category.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The categories present, known ones in their order, others after. */
export function categoriesOf(rows: { by_category: Record<string, unknown> }[]): string[] {
  const seen = new Set(rows.flatMap((r) => Object.keys(r.by_category)));
  const known = CATEGORY_ORDER.filter((c) => seen.has(c));
  const other = [...seen].filter((c) => !(CATEGORY_ORDER as readonly string[]).includes(c)).sort();
  return [...known, ...other];
}
