import { z } from "zod";
import type { Ctx } from "@/sandbox/context";
import { parseControl } from "@/sandbox/control/parse-control";
import { controlError, graphError } from "@/sandbox/graph-error";
import { json, type Reply, type SandboxRequest } from "@/sandbox/http";
import { newChallenge } from "@/sandbox/ids";
import { mergeSettings, settingsSchema } from "@/sandbox/settings";
import type { App, SandboxState } from "@/sandbox/state";

const appBody = settingsSchema.partial().extend({
  webhook_url: z.url({ protocol: /^https?$/ }).optional(),
  app_secret: z.string().min(1).optional(),
  verify_token: z.string().min(1).optional(),
});

/** Meta's subscription handshake: GET ?hub.mode=subscribe&hub.verify_token&hub.challenge must echo the challenge. */
async function verifyWebhook(ctx: Ctx, app: App): Promise<string | null> {
  const challenge = newChallenge();
  const url = new URL(app.webhook_url);
  url.searchParams.set("hub.mode", "subscribe");
  url.searchParams.set("hub.challenge", challenge);
  url.searchParams.set("hub.verify_token", app.verify_token);
  try {
    const response = await fetch(url, {
      redirect: "manual",
      headers: { "user-agent": "facebookplatform/1.0 (+http://developers.facebook.com)" },
      signal: AbortSignal.any([AbortSignal.timeout(5_000), ctx.state.shutdown.signal]),
    });
    const text = (await response.text()).trim();
    if (response.status !== 200) return `Received HTTP code ${response.status} from ${app.webhook_url}`;
    if (text !== challenge)
      return `The URL couldn't be validated. Response does not match challenge, expected ${challenge} but received ${text.slice(0, 100)}`;
    return null;
  } catch (error) {
    return `The URL couldn't be validated. Callback verification failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/**
 * What GET and PUT answer: the app without its secret. The secret signs every notification the
 * sandbox posts, so whoever reads it can forge notifications for any number; it is write-only.
 */
function view(state: SandboxState): Record<string, unknown> {
  if (!state.app) return { settings: state.settings };
  const { app_secret, ...app } = state.app;
  return { ...app, app_secret_set: app_secret.length > 0, settings: state.settings };
}

export function getApp(ctx: Ctx): Reply {
  return json(200, view(ctx.state));
}

/** PUT /_sandbox/app: the app (verified like Meta does) and the sandbox's behaviour; fields left out stay. */
export async function putApp(ctx: Ctx, req: SandboxRequest): Promise<Reply> {
  const { webhook_url, app_secret, verify_token, ...settings } = parseControl(appBody, req);
  const { state } = ctx;
  let app = state.app;
  if (webhook_url !== undefined || app_secret !== undefined || verify_token !== undefined) {
    const next = {
      webhook_url: webhook_url ?? app?.webhook_url,
      app_secret: app_secret ?? app?.app_secret,
      verify_token: verify_token ?? app?.verify_token,
    };
    if (!next.webhook_url || !next.app_secret || !next.verify_token) {
      throw controlError(
        400,
        "webhook_url, app_secret and verify_token are all required to register the app.",
      );
    }
    app = { webhook_url: next.webhook_url, app_secret: next.app_secret, verify_token: next.verify_token };
    if (webhook_url !== undefined || verify_token !== undefined) {
      const problem = await verifyWebhook(ctx, app);
      if (problem) {
        throw graphError({
          status: 400,
          code: 2200,
          message: `(#2200) callback verification failed: ${problem}`,
        });
      }
    }
  }
  state.app = app;
  state.settings = mergeSettings(state.settings, settings);
  ctx.log.info({ webhook_url: app?.webhook_url }, "sandbox app updated");
  return json(200, view(state));
}
