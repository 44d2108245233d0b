import { z } from "zod";
import { isUsableSecret } from "@/lib/webhooks/secret-format";

export const flowEndpointParams = z.object({ id: z.string().meta({ description: "Channel id (uuid)" }) });

export const updateFlowEndpointBody = z
  .object({
    receiver_url: z.string().trim().max(2048, "at most 2048 characters").nullable().optional().meta({
      description:
        "Your own receiver of decrypted data requests: public HTTPS, checked like webhook URLs; null removes it (only `ping` is then answered)",
    }),
    secret: z
      .string()
      .min(1)
      .max(1024, "at most 1024 characters")
      .refine(isUsableSecret, "a secret starting with whsec_ must carry base64 after the prefix")
      .optional()
      .meta({
        description:
          "Signs forwarded requests like webhook deliveries; write-only. Absent: the stored one is kept, or one is generated and returned once in `secret`",
      }),
  })
  .meta({ id: "UpdateFlowEndpointBody" });

export type UpdateFlowEndpointBody = z.infer<typeof updateFlowEndpointBody>;

export const flowEndpointJson = z
  .object({
    channel_id: z.string(),
    endpoint_url: z.string().meta({
      description:
        "The URL WhatsApp calls: give it as the Flow's `endpoint_uri`. Requests are checked (X-Hub-Signature-256), decrypted, and `ping` answered here",
    }),
    public_key: z.string().nullable().meta({
      description: "The business public key (SPKI PEM) uploaded to WhatsApp for the number; null: none yet",
    }),
    public_key_fingerprint: z.string().nullable().meta({ description: "SHA-256 of the DER public key, hex" }),
    public_key_uploaded_at: z.iso.datetime().nullable().meta({ description: "When WhatsApp accepted it" }),
    key_upload_error: z.string().nullable().meta({
      description: "Why the last upload failed (the key before it stays in use); null after a success",
    }),
    receiver_url: z.string().nullable().meta({ description: "Your receiver of decrypted requests" }),
    has_secret: z
      .boolean()
      .meta({ description: "Whether forwarded requests are signed (the secret is never returned again)" }),
    secret: z
      .string()
      .optional()
      .meta({ description: "Only in the answer that generated it: the receiver signing secret" }),
  })
  .meta({ id: "FlowEndpoint" });

export type FlowEndpointJson = z.infer<typeof flowEndpointJson>;
