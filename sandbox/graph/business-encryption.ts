import { createPublicKey } from "node:crypto";
import { authorizePhoneNumber } from "@/sandbox/auth";
import type { Ctx } from "@/sandbox/context";
import { errors } from "@/sandbox/errors";
import { json, parseJson, type Reply, type SandboxRequest } from "@/sandbox/http";

/** The parameter from a form-encoded body (as Meta's page shows it) or a JSON one (as Graph also takes). */
function publicKeyParam(req: SandboxRequest): string | undefined {
  const type = String(req.headers["content-type"] ?? "");
  if (type.includes("application/x-www-form-urlencoded")) {
    return new URLSearchParams(req.rawBody.toString("utf8")).get("business_public_key") ?? undefined;
  }
  const body = parseJson(req.rawBody) as { business_public_key?: unknown } | undefined;
  if (typeof body?.business_public_key === "string") return body.business_public_key;
  return req.query.get("business_public_key") ?? undefined;
}

/**
 * POST /{phone_number_id}/whatsapp_business_encryption {business_public_key}: sets the number's
 * business public key for Flows' data endpoint, answering {success: true}
 * (https://developers.facebook.com/docs/whatsapp/cloud-api/reference/whatsapp-business-encryption).
 * Meta asks for a 2048-bit RSA key; anything else is refused with #100 (wording decided here).
 */
export function setBusinessEncryption(ctx: Ctx, req: SandboxRequest, phoneNumberId: string): Reply {
  const number = authorizePhoneNumber(ctx.state, req, phoneNumberId);
  const pem = publicKeyParam(req);
  if (!pem) throw errors.required("business_public_key");
  try {
    const key = createPublicKey(pem);
    if (key.asymmetricKeyType !== "rsa" || key.asymmetricKeyDetails?.modulusLength !== 2048)
      throw new Error();
  } catch {
    throw errors.invalidParameter("business_public_key must be a 2048-bit RSA public key in PEM format.");
  }
  ctx.state.businessPublicKeys.set(number.id, pem);
  ctx.log.info({ phone_number_id: number.id }, "sandbox business public key set");
  return json(200, { success: true });
}

/** GET /{phone_number_id}/whatsapp_business_encryption: the key and its signature status, as Meta answers. */
export function getBusinessEncryption(ctx: Ctx, req: SandboxRequest, phoneNumberId: string): Reply {
  const number = authorizePhoneNumber(ctx.state, req, phoneNumberId);
  const pem = ctx.state.businessPublicKeys.get(number.id);
  // Meta's reference answers the `data` list; with no key set we answer it empty (decided here)
  return json(200, {
    data: pem ? [{ business_public_key: pem, business_public_key_signature_status: "VALID" }] : [],
  });
}
