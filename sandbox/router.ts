import { getSettings, postSettings } from "@/sandbox/call-settings";
import { listCalls, postCallControl, postCalls, postPermissionReply } from "@/sandbox/calls";
import type { Ctx } from "@/sandbox/context";
import { postMessagingLimit, postPricingTier } from "@/sandbox/control/account-limits";
import { getApp, putApp } from "@/sandbox/control/app";
import { postAppContacts, postEcho, postHistory } from "@/sandbox/control/coexistence";
import { deleteFaults, listFaults, postFault } from "@/sandbox/control/faults";
import { postFlowEvent } from "@/sandbox/control/flow-events";
import { postFlowComplete } from "@/sandbox/control/flows";
import { postInbound } from "@/sandbox/control/inbound";
import { getSample } from "@/sandbox/control/media";
import { listMessages } from "@/sandbox/control/messages";
import { putPhoneNumber } from "@/sandbox/control/phone-numbers";
import { reset } from "@/sandbox/control/reset";
import { postHandover, postRouting, postStandbyEcho, postStandbyStatus } from "@/sandbox/control/routing";
import { postStatusNow } from "@/sandbox/control/statuses";
import { postTemplateCategory, postTemplateStatus } from "@/sandbox/control/template-events";
import { putTemplatePacing, releaseTemplatePacing } from "@/sandbox/control/template-pacing";
import { putTemplates } from "@/sandbox/control/templates";
import { getRouting, routingRoles, threadControl } from "@/sandbox/control/thread-control";
import { postUserIdChange } from "@/sandbox/control/user-id-change";
import { postUserPreferences } from "@/sandbox/control/user-preferences";
import { errors } from "@/sandbox/errors";
import { postDataExchange } from "@/sandbox/flows/data-exchange";
import { blockUsers, listBlockedUsers, unblockUsers } from "@/sandbox/graph/block-users";
import { getBusinessEncryption, setBusinessEncryption } from "@/sandbox/graph/business-encryption";
import { downloadMedia } from "@/sandbox/graph/download-media";
import {
  createFlow,
  deleteFlow,
  deprecateFlow,
  getFlow,
  isFlow,
  listFlowAssets,
  listFlows,
  previewPage,
  publishFlow,
  updateFlow,
  uploadFlowAsset,
} from "@/sandbox/graph/flows";
import { getObject } from "@/sandbox/graph/get-object";
import { listTemplates } from "@/sandbox/graph/list-templates";
import { controlError } from "@/sandbox/graph-error";
import type { Reply, SandboxRequest } from "@/sandbox/http";
import { sendMarketingMessage } from "@/sandbox/send/marketing-messages";
import { sendMessage } from "@/sandbox/send/send-message";

type Handler = (ctx: Ctx, req: SandboxRequest, params: string[]) => Reply | Promise<Reply>;
type Route = { method: string; pattern: RegExp; handle: Handler };

/** Graph paths may carry a version (/v23.0/…) or not, as Graph allows. */
const graph = (rest: string) => new RegExp(`^(?:/v\\d+\\.\\d+)?/([0-9A-Za-z][^/]*)${rest}$`);
const control = (rest: string) => new RegExp(`^/_sandbox/${rest}$`);

const routes: Route[] = [
  { method: "GET", pattern: control("app"), handle: (ctx) => getApp(ctx) },
  { method: "PUT", pattern: control("app"), handle: (ctx, req) => putApp(ctx, req) },
  {
    method: "PUT",
    pattern: control("phone-numbers/([^/]+)"),
    handle: (ctx, req, [id = ""]) => putPhoneNumber(ctx, req, id),
  },
  {
    method: "PUT",
    pattern: control("template-pacing/([^/]+)/([^/]+)"),
    handle: (ctx, req, [waba = "", name = ""]) => putTemplatePacing(ctx, req, waba, name),
  },
  {
    method: "POST",
    pattern: control("template-pacing/([^/]+)/([^/]+)/release"),
    handle: (ctx, req, [waba = "", name = ""]) => releaseTemplatePacing(ctx, req, waba, name),
  },
  {
    method: "PUT",
    pattern: control("templates/([^/]+)"),
    handle: (ctx, req, [id = ""]) => putTemplates(ctx, req, id),
  },
  { method: "POST", pattern: control("inbound"), handle: (ctx, req) => postInbound(ctx, req) },
  { method: "POST", pattern: control("calls"), handle: (ctx, req) => postCallControl(ctx, req) },
  { method: "GET", pattern: control("calls"), handle: (ctx) => listCalls(ctx) },
  {
    method: "POST",
    pattern: control("calls/permission-reply"),
    handle: (ctx, req) => postPermissionReply(ctx, req),
  },
  { method: "POST", pattern: control("flows/complete"), handle: (ctx, req) => postFlowComplete(ctx, req) },
  { method: "POST", pattern: control("flows/webhook"), handle: (ctx, req) => postFlowEvent(ctx, req) },
  { method: "POST", pattern: control("statuses"), handle: (ctx, req) => postStatusNow(ctx, req) },
  {
    method: "POST",
    pattern: control("user-preferences"),
    handle: (ctx, req) => postUserPreferences(ctx, req),
  },
  { method: "POST", pattern: control("template-status"), handle: (ctx, req) => postTemplateStatus(ctx, req) },
  {
    method: "POST",
    pattern: control("template-category"),
    handle: (ctx, req) => postTemplateCategory(ctx, req),
  },
  { method: "POST", pattern: control("echoes"), handle: (ctx, req) => postEcho(ctx, req) },
  { method: "POST", pattern: control("history"), handle: (ctx, req) => postHistory(ctx, req) },
  { method: "POST", pattern: control("app-contacts"), handle: (ctx, req) => postAppContacts(ctx, req) },
  { method: "POST", pattern: control("user-id-change"), handle: (ctx, req) => postUserIdChange(ctx, req) },
  { method: "GET", pattern: control("messages"), handle: (ctx, req) => listMessages(ctx, req) },
  { method: "POST", pattern: control("routing"), handle: (ctx, req) => postRouting(ctx, req) },
  { method: "GET", pattern: control("routing"), handle: (ctx, req) => getRouting(ctx, req) },
  { method: "POST", pattern: control("handovers"), handle: (ctx, req) => postHandover(ctx, req) },
  { method: "POST", pattern: control("standby/echoes"), handle: (ctx, req) => postStandbyEcho(ctx, req) },
  { method: "POST", pattern: control("standby/statuses"), handle: (ctx, req) => postStandbyStatus(ctx, req) },
  { method: "POST", pattern: control("pricing-tier"), handle: (ctx, req) => postPricingTier(ctx, req) },
  { method: "POST", pattern: control("messaging-limit"), handle: (ctx, req) => postMessagingLimit(ctx, req) },
  { method: "POST", pattern: control("faults"), handle: (ctx, req) => postFault(ctx, req) },
  { method: "GET", pattern: control("faults"), handle: (ctx) => listFaults(ctx) },
  { method: "DELETE", pattern: control("faults"), handle: (ctx) => deleteFaults(ctx) },
  { method: "GET", pattern: control("media/([^/]+)"), handle: (_ctx, _req, [name = ""]) => getSample(name) },
  { method: "POST", pattern: control("reset"), handle: (ctx, req) => reset(ctx, req) },
  {
    method: "POST",
    pattern: control("flows/data-exchange"),
    handle: (ctx, req) => postDataExchange(ctx, req),
  },
  {
    method: "GET",
    pattern: control("flows/([^/]+)/preview"),
    handle: (ctx, req, [id = ""]) => previewPage(ctx, req, id),
  },
  {
    method: "GET",
    pattern: /^\/whatsapp_business\/attachments\/?$/,
    handle: (ctx, req) => downloadMedia(ctx, req),
  },
  { method: "POST", pattern: graph("/messages"), handle: (ctx, req, [id = ""]) => sendMessage(ctx, req, id) },
  {
    method: "POST",
    pattern: graph("/settings"),
    handle: (ctx, req, [id = ""]) => postSettings(ctx, req, id),
  },
  { method: "GET", pattern: graph("/settings"), handle: (ctx, req, [id = ""]) => getSettings(ctx, req, id) },
  { method: "POST", pattern: graph("/calls"), handle: (ctx, req, [id = ""]) => postCalls(ctx, req, id) },
  {
    method: "POST",
    pattern: graph("/thread_control"),
    handle: (ctx, req, [id = ""]) => threadControl(ctx, req, id),
  },
  {
    method: "GET",
    pattern: graph("/routing_roles"),
    handle: (ctx, req, [id = ""]) => routingRoles(ctx, req, id),
  },
  {
    method: "POST",
    pattern: graph("/marketing_messages"),
    handle: (ctx, req, [id = ""]) => sendMarketingMessage(ctx, req, id),
  },
  {
    method: "POST",
    pattern: graph("/block_users"),
    handle: (ctx, req, [id = ""]) => blockUsers(ctx, req, id),
  },
  {
    method: "DELETE",
    pattern: graph("/block_users"),
    handle: (ctx, req, [id = ""]) => unblockUsers(ctx, req, id),
  },
  {
    method: "GET",
    pattern: graph("/block_users"),
    handle: (ctx, req, [id = ""]) => listBlockedUsers(ctx, req, id),
  },
  {
    method: "GET",
    pattern: graph("/message_templates"),
    handle: (ctx, req, [id = ""]) => listTemplates(ctx, req, id),
  },
  {
    method: "POST",
    pattern: graph("/whatsapp_business_encryption"),
    handle: (ctx, req, [id = ""]) => setBusinessEncryption(ctx, req, id),
  },
  {
    method: "GET",
    pattern: graph("/whatsapp_business_encryption"),
    handle: (ctx, req, [id = ""]) => getBusinessEncryption(ctx, req, id),
  },
  // the Flows API (sandbox/graph/flows.ts)
  { method: "GET", pattern: graph("/flows"), handle: (ctx, req, [id = ""]) => listFlows(ctx, req, id) },
  { method: "POST", pattern: graph("/flows"), handle: (ctx, req, [id = ""]) => createFlow(ctx, req, id) },
  {
    method: "POST",
    pattern: graph("/assets"),
    handle: (ctx, req, [id = ""]) => uploadFlowAsset(ctx, req, id),
  },
  { method: "GET", pattern: graph("/assets"), handle: (ctx, req, [id = ""]) => listFlowAssets(ctx, req, id) },
  { method: "POST", pattern: graph("/publish"), handle: (ctx, req, [id = ""]) => publishFlow(ctx, req, id) },
  {
    method: "POST",
    pattern: graph("/deprecate"),
    handle: (ctx, req, [id = ""]) => deprecateFlow(ctx, req, id),
  },
  { method: "POST", pattern: graph(""), handle: (ctx, req, [id = ""]) => updateFlow(ctx, req, id) },
  { method: "DELETE", pattern: graph(""), handle: (ctx, req, [id = ""]) => deleteFlow(ctx, req, id) },
  {
    method: "GET",
    pattern: graph(""),
    handle: (ctx, req, [id = ""]) => (isFlow(ctx, id) ? getFlow(ctx, req, id) : getObject(ctx, req, id)),
  },
];

/** Find the handler of a request; unknown paths answer 404 in the Graph error shape. */
export async function route(ctx: Ctx, req: SandboxRequest): Promise<Reply> {
  const candidates = routes.filter((r) => r.pattern.test(req.path));
  if (candidates.length === 0) throw errors.unknownPath(req.path);
  const method = req.method === "HEAD" ? "GET" : req.method;
  const found = candidates.find((r) => r.method === method);
  if (!found) {
    if (req.path.startsWith("/_sandbox/"))
      throw controlError(405, `${req.method} is not supported on ${req.path}.`);
    throw errors.unsupported(req.method, req.path.split("/").filter(Boolean).at(-1) ?? "");
  }
  let params: string[];
  try {
    params = (found.pattern.exec(req.path) ?? []).slice(1).map((p) => decodeURIComponent(p));
  } catch {
    // a malformed percent-escape names nothing
    throw errors.unknownPath(req.path);
  }
  return found.handle(ctx, req, params);
}
