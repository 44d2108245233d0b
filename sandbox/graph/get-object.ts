import { authorizePhoneNumber, authorizeWaba, knownToken } from "@/sandbox/auth";
import type { Ctx } from "@/sandbox/context";
import { errors } from "@/sandbox/errors";
import { mediaLink, sha256Hex } from "@/sandbox/graph/media-link";
import { pickFields } from "@/sandbox/graph/pick-fields";
import { json, type Reply, type SandboxRequest } from "@/sandbox/http";

/** GET /{version}/{id}: a media object (its short-lived URL) or a business phone number. */
export function getObject(ctx: Ctx, req: SandboxRequest, id: string): Reply {
  const { state } = ctx;
  const media = state.media.get(id);
  if (media) {
    authorizeWaba(state, req, media.waba_id);
    const phoneNumberId = req.query.get("phone_number_id");
    if (phoneNumberId !== null && state.phoneNumbers.get(phoneNumberId)?.waba_id !== media.waba_id) {
      throw errors.unsupported(req.method, id);
    }
    return json(200, {
      messaging_product: "whatsapp",
      url: mediaLink(state, req.origin, media),
      mime_type: media.mime_type,
      sha256: sha256Hex(media.bytes),
      file_size: media.bytes.length,
      id: media.id,
    });
  }
  if (state.phoneNumbers.has(id)) {
    const number = authorizePhoneNumber(state, req, id);
    return json(
      200,
      pickFields(req, {
        verified_name: number.verified_name,
        code_verification_status: "VERIFIED",
        display_phone_number: number.display_phone_number,
        quality_rating: "GREEN",
        platform_type: "CLOUD_API",
        throughput: { level: number.throughput_per_second > 80 ? "HIGH" : "STANDARD" },
        id: number.id,
      }),
    );
  }
  knownToken(state, req);
  throw errors.unsupported(req.method, id);
}
