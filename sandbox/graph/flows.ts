import { randomBytes } from "node:crypto";
import { authorizeWaba } from "@/sandbox/auth";
import type { Ctx } from "@/sandbox/context";
import { errors } from "@/sandbox/errors";
import { FLOW_CATEGORIES, graphDate, type StoredFlow, validateFlowJson } from "@/sandbox/flows";
import { formParams, listParam } from "@/sandbox/graph/form-params";
import { graphError, waError } from "@/sandbox/graph-error";
import { json, type Reply, type SandboxRequest } from "@/sandbox/http";
import { newNumericId } from "@/sandbox/ids";

/**
 * The Flows API (https://developers.facebook.com/docs/whatsapp/flows/reference/flowsapi) on the
 * sandbox's Graph routes. Error codes from Meta's Flows error codes page
 * (https://developers.facebook.com/docs/whatsapp/flows/reference/error-codes): 100 for a name
 * already used on the WABA, 139001 an update of a Flow that is no longer a draft, 139002 publishing
 * one that is not a publishable draft, 139003 deprecating one that is not published, 139004 deleting
 * one that is not a draft.
 */

/** Meta: a preview link lives 30 days unless invalidated (`preview.invalidate(true)`). */
const PREVIEW_TTL_MS = 30 * 24 * 3_600_000;

/** The Flow the request names, when its token may reach the Flow's WABA. */
function flowOf(ctx: Ctx, req: SandboxRequest, id: string): StoredFlow {
  const flow = ctx.state.flows.get(id);
  if (!flow) throw errors.unsupported(req.method, id);
  authorizeWaba(ctx.state, req, flow.waba_id);
  return flow;
}

export function isFlow(ctx: Ctx, id: string): boolean {
  return ctx.state.flows.has(id);
}

function checkCategories(categories: string[] | undefined): string[] | undefined {
  if (categories === undefined) return undefined;
  const unknown = categories.filter((c) => !(FLOW_CATEGORIES as readonly string[]).includes(c));
  if (categories.length === 0 || unknown.length > 0)
    throw errors.invalidParameter(`Invalid categories: ${unknown.join(", ") || "none given"}.`);
  return categories;
}

function uniqueName(ctx: Ctx, wabaId: string, name: string, except?: string): void {
  for (const f of ctx.state.flows.values())
    if (f.waba_id === wabaId && f.name === name && f.id !== except)
      throw waError(400, 100, "Invalid parameter", "Flow name is not unique");
}

function setJson(flow: StoredFlow, text: string): void {
  flow.json = text;
  flow.validation_errors = validateFlowJson(text);
  flow.updated_at = new Date().toISOString();
}

/** POST /{waba_id}/flows: name, categories, optional flow_json, publish, endpoint_uri. */
export function createFlow(ctx: Ctx, req: SandboxRequest, wabaId: string): Reply {
  authorizeWaba(ctx.state, req, wabaId);
  const params = formParams(req);
  const name = params.get("name");
  if (!name) throw errors.required("name");
  const categories = checkCategories(listParam(params.get("categories")));
  if (!categories) throw errors.required("categories");
  uniqueName(ctx, wabaId, name);
  const flow: StoredFlow = {
    id: newNumericId(),
    waba_id: wabaId,
    name,
    categories,
    status: "DRAFT",
    json: null,
    validation_errors: [],
    updated_at: new Date().toISOString(),
  };
  const endpoint = params.get("endpoint_uri");
  if (endpoint) flow.endpoint_uri = endpoint;
  const flowJson = params.get("flow_json");
  if (flowJson !== undefined) setJson(flow, flowJson);
  ctx.state.flows.set(flow.id, flow);
  if (params.get("publish") === "true" && flow.json !== null && flow.validation_errors.length === 0)
    flow.status = "PUBLISHED";
  return json(200, { id: flow.id, success: true, validation_errors: flow.validation_errors });
}

/** POST /{flow_id}: the metadata of a draft (name, categories, endpoint_uri). */
export function updateFlow(ctx: Ctx, req: SandboxRequest, id: string): Reply {
  const flow = flowOf(ctx, req, id);
  if (flow.status !== "DRAFT") throw waError(400, 139001, "Flow can't be updated", "Flow can't be updated");
  const params = formParams(req);
  const name = params.get("name");
  const categories = checkCategories(listParam(params.get("categories")));
  if (name !== undefined) {
    uniqueName(ctx, flow.waba_id, name, flow.id);
    flow.name = name;
  }
  if (categories) flow.categories = categories;
  const endpoint = params.get("endpoint_uri");
  if (endpoint !== undefined) flow.endpoint_uri = endpoint;
  flow.updated_at = new Date().toISOString();
  return json(200, { success: true });
}

/** POST /{flow_id}/assets: multipart `file` (the Flow JSON), `name` flow.json, `asset_type` FLOW_JSON. */
export function uploadFlowAsset(ctx: Ctx, req: SandboxRequest, id: string): Reply {
  const flow = flowOf(ctx, req, id);
  const params = formParams(req);
  if (params.get("asset_type") !== "FLOW_JSON")
    throw errors.invalidParameter("asset_type must be FLOW_JSON.");
  const file = params.get("file");
  if (file === undefined) throw errors.required("file");
  if (flow.status !== "DRAFT") throw waError(400, 139001, "Flow can't be updated", "Flow can't be updated");
  setJson(flow, file);
  return json(200, { success: true, validation_errors: flow.validation_errors });
}

/** GET /{flow_id}/assets: the FLOW_JSON asset and a link to download it. */
export function listFlowAssets(ctx: Ctx, req: SandboxRequest, id: string): Reply {
  const flow = flowOf(ctx, req, id);
  if (flow.json === null) return json(200, { data: [] });
  const download_url = `data:application/json;base64,${Buffer.from(flow.json).toString("base64")}`;
  return json(200, { data: [{ name: "flow.json", asset_type: "FLOW_JSON", download_url }] });
}

export function publishFlow(ctx: Ctx, req: SandboxRequest, id: string): Reply {
  const flow = flowOf(ctx, req, id);
  if (flow.status !== "DRAFT")
    throw waError(400, 139002, "Publishing Flow in invalid state", "Publishing Flow in invalid state");
  // the sandbox's decision: a Flow without a Flow JSON has nothing to publish, like one with errors
  if (flow.json === null || flow.validation_errors.length > 0)
    throw waError(
      400,
      139002,
      "Publishing Flow with validation errors",
      "Publishing Flow with validation errors",
    );
  flow.status = "PUBLISHED";
  flow.updated_at = new Date().toISOString();
  return json(200, { success: true });
}

export function deprecateFlow(ctx: Ctx, req: SandboxRequest, id: string): Reply {
  const flow = flowOf(ctx, req, id);
  if (flow.status === "DEPRECATED")
    throw waError(400, 139003, "Flow is already deprecated", "Flow is already deprecated");
  if (flow.status === "DRAFT")
    throw waError(400, 139003, "Can't deprecate unpublished flow", "Can't deprecate unpublished flow");
  flow.status = "DEPRECATED";
  flow.updated_at = new Date().toISOString();
  return json(200, { success: true });
}

/** DELETE /{flow_id}: drafts only. */
export function deleteFlow(ctx: Ctx, req: SandboxRequest, id: string): Reply {
  const flow = flowOf(ctx, req, id);
  if (flow.status !== "DRAFT")
    throw waError(400, 139004, "Can't delete published Flow", "Can't delete published Flow");
  ctx.state.flows.delete(flow.id);
  return json(200, { success: true });
}

function preview(flow: StoredFlow, origin: string, invalidate: boolean): NonNullable<StoredFlow["preview"]> {
  if (!flow.preview || invalidate || Date.parse(flow.preview.expires_at) <= Date.now()) {
    const token = randomBytes(16).toString("hex");
    flow.preview = {
      token,
      preview_url: `${origin}/_sandbox/flows/${flow.id}/preview?token=${token}`,
      expires_at: graphDate(new Date(Date.now() + PREVIEW_TTL_MS)),
    };
  }
  return flow.preview;
}

const DEFAULT_FIELDS = ["id", "name", "status", "categories", "validation_errors"];

/** A Flow's fields as GET /{flow_id}?fields=… names them; `preview.invalidate(true)` renews the link. */
function flowFields(flow: StoredFlow, req: SandboxRequest): Record<string, unknown> {
  const asked = req.query.get("fields");
  const fields = asked ? ["id", ...asked.split(",").map((f) => f.trim())] : DEFAULT_FIELDS;
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const [name = "", arg] = field.split(/[.(]/).map((s) => s.replace(/\)$/, ""));
    if (name === "preview") {
      const p = preview(flow, req.origin, field.includes("invalidate(true)"));
      out.preview = { preview_url: p.preview_url, expires_at: p.expires_at };
    } else if (name === "json_version") {
      const version =
        flow.json === null ? undefined : (safeParse(flow.json) as { version?: unknown }).version;
      if (typeof version === "string") out.json_version = version;
    } else if (name === "whatsapp_business_account") out.whatsapp_business_account = { id: flow.waba_id };
    else if (name in flow && name !== "json" && name !== "waba_id" && arg === undefined)
      out[name] = flow[name as keyof StoredFlow];
  }
  return out;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text) ?? {};
  } catch {
    return {};
  }
}

/** GET /{flow_id}. */
export function getFlow(ctx: Ctx, req: SandboxRequest, id: string): Reply {
  return json(200, flowFields(flowOf(ctx, req, id), req));
}

/** GET /{waba_id}/flows: every Flow of the WABA, one page (the sandbox pages no further). */
export function listFlows(ctx: Ctx, req: SandboxRequest, wabaId: string): Reply {
  authorizeWaba(ctx.state, req, wabaId);
  const flows = [...ctx.state.flows.values()].filter((f) => f.waba_id === wabaId);
  const data = flows.map((f) => flowFields(f, req));
  const first = flows[0];
  const last = flows.at(-1);
  const paging =
    first && last
      ? {
          cursors: {
            before: Buffer.from(`flow:${first.id}`).toString("base64url"),
            after: Buffer.from(`flow:${last.id}`).toString("base64url"),
          },
        }
      : undefined;
  return json(200, paging ? { data, paging } : { data });
}

/** GET /_sandbox/flows/{id}/preview?token=…: what the preview link opens, a plain page of the screens. */
export function previewPage(ctx: Ctx, req: SandboxRequest, id: string): Reply {
  const flow = ctx.state.flows.get(id);
  if (!flow?.preview || req.query.get("token") !== flow.preview.token)
    throw graphError({ status: 404, code: 100, message: "This preview link is invalid or expired." });
  const doc = safeParse(flow.json ?? "{}") as { screens?: { id?: string; title?: string }[] };
  const html = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const screens = (doc.screens ?? [])
    .map((s) => `<li>${html(String(s.title ?? s.id ?? "screen"))}</li>`)
    .join("");
  const page = `<!doctype html><meta charset="utf-8"><title>${html(flow.name)}</title><h1>${html(flow.name)}</h1><p>${flow.status}</p><ol>${screens}</ol>`;
  return { status: 200, bytes: Buffer.from(page), contentType: "text/html; charset=utf-8" };
}
