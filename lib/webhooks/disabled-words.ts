/**
 * Why and when a webhook stopped, in words for people: "Disabled 4 minutes ago: the endpoint
 * answered 410 Gone". The stored reason may name the delivery that got the 410 (returned apart,
 * for a link) and, for webhooks disabled before `disabled_at` was kept, an ISO time (read back).
 */
export function disabledWords(
  reason: string | null,
  disabledAt: string | null,
  relative: (iso: string) => string,
): { text: string; deliveryId: string | null } {
  let rest = reason ?? "";
  let at = disabledAt;
  const iso = rest.match(/ at (\d{4}-\d\d-\d\dT[\d:.]+Z)/);
  if (iso?.[1]) {
    at ??= iso[1];
    rest = rest.replace(iso[0], "");
  }
  const delivery = rest.match(/\s*(?:to delivery |\(delivery )(wh_[A-Za-z0-9_]+)\)?/);
  if (delivery) rest = rest.replace(delivery[0], "");
  const when = at ? `Disabled ${relative(at)}` : "Disabled";
  const why = rest.trim();
  // "disabled in the dashboard by Ana" reads on from "Disabled 4 minutes ago"
  const text = !why ? when : why.startsWith("disabled ") ? `${when} ${why.slice(9)}` : `${when}: ${why}`;
  return { text, deliveryId: delivery?.[1] ?? null };
}
