import { authorizeWaba } from "@/sandbox/auth";
import type { Ctx } from "@/sandbox/context";
import { errors } from "@/sandbox/errors";
import { pickFields } from "@/sandbox/graph/pick-fields";
import { json, type Reply, type SandboxRequest } from "@/sandbox/http";
import type { StoredTemplate } from "@/sandbox/templates";

const encode = (id: string) => Buffer.from(`tpl:${id}`).toString("base64url");
const decode = (cursor: string) => Buffer.from(cursor, "base64url").toString("utf8").replace(/^tpl:/, "");

function filtered(req: SandboxRequest, templates: StoredTemplate[]): StoredTemplate[] {
  const name = req.query.get("name")?.toLowerCase();
  const statuses = req.query.get("status")?.toUpperCase().split(",");
  const language = req.query.get("language");
  const category = req.query.get("category")?.toUpperCase().split(",");
  return templates.filter(
    (t) =>
      (!name || t.name.toLowerCase().includes(name)) &&
      (!statuses || statuses.includes(t.status.toUpperCase())) &&
      (!language || t.language === language) &&
      (!category || category.includes(t.category.toUpperCase())),
  );
}

function position(all: StoredTemplate[], cursor: string): number {
  const index = all.findIndex((t) => t.id === decode(cursor));
  if (index < 0) throw errors.invalidParameter(`Invalid cursor: ${cursor}`);
  return index;
}

function link(req: SandboxRequest, set: "after" | "before", cursor: string): string {
  const query = new URLSearchParams(req.query);
  query.delete("after");
  query.delete("before");
  query.set(set, cursor);
  return `${req.origin}${req.path}?${query.toString()}`;
}

/** GET /{version}/{waba_id}/message_templates with Graph cursor paging (`limit`, `after`, `before`). */
export function listTemplates(ctx: Ctx, req: SandboxRequest, wabaId: string): Reply {
  authorizeWaba(ctx.state, req, wabaId);
  const all = filtered(req, ctx.state.templates.get(wabaId) ?? []);
  const limitParam = req.query.get("limit");
  const limit = limitParam === null ? 25 : Number(limitParam);
  if (!Number.isInteger(limit) || limit < 1)
    throw errors.invalidParameter("Param limit must be a positive integer.");
  const after = req.query.get("after");
  const before = req.query.get("before");
  let start = 0;
  if (after) start = position(all, after) + 1;
  else if (before) start = Math.max(0, position(all, before) - limit);
  const end = before && !after ? position(all, before) : start + limit;
  const page = all.slice(start, Math.min(end, start + limit));
  const first = page[0];
  const last = page[page.length - 1];
  if (!first || !last) return json(200, { data: [] });
  const paging: Record<string, unknown> = { cursors: { before: encode(first.id), after: encode(last.id) } };
  if (start + page.length < all.length) paging.next = link(req, "after", encode(last.id));
  if (start > 0) paging.previous = link(req, "before", encode(first.id));
  return json(200, { data: page.map((t) => pickFields(req, t)), paging });
}
