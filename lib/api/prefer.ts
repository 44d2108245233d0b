/**
 * The `Prefer` request header (RFC 7240): whether the caller asked for `respond-async`, the
 * preference "that the server respond asynchronously" (§4.1). Preferences are a comma-separated
 * list of tokens, each with an optional `=value` and `;` parameters; tokens are case-insensitive,
 * and a server ignores those it does not know. The header may be given more than once (fetch
 * joins the copies with ", ").
 */
export function prefersRespondAsync(headers: Headers): boolean {
  const value = headers.get("prefer");
  if (!value) return false;
  return value.split(",").some((preference) => {
    const token = preference.split(/[=;]/, 1)[0] ?? "";
    return token.trim().toLowerCase() === "respond-async";
  });
}
