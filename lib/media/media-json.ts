import { z } from "zod";
import type { Media } from "@/lib/generated/prisma/client.ts";
import { signedMediaUrl } from "@/lib/media/signed-url";

export const mediaJson = z
  .object({
    id: z.uuid().meta({ description: "The media reference (equals the inbound messageId)" }),
    mime_type: z.string(),
    file_size: z.number().int().nullable().meta({ description: "Bytes; null until our copy exists" }),
    sha256: z
      .string()
      .nullable()
      .meta({ description: "Hex SHA-256 of the file; null until our copy exists" }),
    filename: z.string().optional(),
    url: z.url().meta({ description: "Signed, short-lived download link on this service" }),
    expires_at: z.iso.datetime(),
  })
  .meta({ id: "Media" });

export function toMediaJson(media: Media): z.infer<typeof mediaJson> {
  const { url, expiresAt } = signedMediaUrl(media.id);
  return {
    id: media.id,
    mime_type: media.mimeType,
    file_size: media.fileSize,
    sha256: media.sha256 && media.storedAt ? media.sha256 : null,
    ...(media.filename ? { filename: media.filename } : {}),
    url,
    expires_at: expiresAt.toISOString(),
  };
}
