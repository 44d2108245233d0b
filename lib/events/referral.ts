import { z } from "zod";

/**
 * Meta's `referral` object of an inbound message: the customer tapped a click-to-WhatsApp ad or
 * a post and wrote. Fields as Meta's OpenAPI description of the Cloud API names them (repository
 * facebook/openapi, business-messaging-api_v23.0.yaml, the webhook message's `referral`):
 * source_url, source_id, source_type (`ad` or `post`), headline, body, media_type, image_url,
 * video_url, thumbnail_url, ctwa_clid. Every field is optional here: Meta leaves out what the ad
 * lacks (an ad without media has no media_type), and a partial referral is kept, not refused.
 */
export const upstreamReferralSchema = z
  .object({
    source_url: z.string().optional(),
    source_id: z.string().optional(),
    source_type: z.string().optional(),
    headline: z.string().optional(),
    body: z.string().optional(),
    media_type: z.string().optional(),
    image_url: z.string().optional(),
    video_url: z.string().optional(),
    thumbnail_url: z.string().optional(),
    ctwa_clid: z.string().optional(),
  })
  .loose();

export type UpstreamReferral = z.infer<typeof upstreamReferralSchema>;

const text = (description: string) => z.string().nullable().meta({ description });

/**
 * The referral as this service gives it (camelCase inside `data`, as the contract asks): on
 * `message.inbound`, on the message's JSON, and as a contact's first and latest referral.
 * Decided here (no page says): a field Meta left out is null, never absent, so that every
 * referral has the same keys.
 */
export const referralSchema = z
  .object({
    sourceUrl: text("The ad's or post's link (Meta's `source_url`)"),
    sourceId: text("Meta's id of the ad or post (`source_id`)"),
    sourceType: text("`ad` or `post` (`source_type`)"),
    headline: text("The ad's headline"),
    body: text("The ad's body text"),
    mediaType: text("`image` or `video` when the ad had media"),
    imageUrl: text("The ad's image, when mediaType is `image`"),
    videoUrl: text("The ad's video, when mediaType is `video`"),
    thumbnailUrl: text("The video's thumbnail"),
    ctwaClid: text("Click-to-WhatsApp click id, for Meta's Conversions API"),
  })
  .meta({
    id: "AdReferral",
    description:
      "The click-to-WhatsApp ad (or post) the customer tapped before writing this message (Meta's `referral`)",
  });

export type Referral = z.infer<typeof referralSchema>;

/** Meta's referral in our shape; null when the message carries none (or an empty one). */
export function mapReferral(upstream: UpstreamReferral | undefined | null): Referral | null {
  if (!upstream) return null;
  const s = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);
  const referral: Referral = {
    sourceUrl: s(upstream.source_url),
    sourceId: s(upstream.source_id),
    sourceType: s(upstream.source_type),
    headline: s(upstream.headline),
    body: s(upstream.body),
    mediaType: s(upstream.media_type),
    imageUrl: s(upstream.image_url),
    videoUrl: s(upstream.video_url),
    thumbnailUrl: s(upstream.thumbnail_url),
    ctwaClid: s(upstream.ctwa_clid),
  };
  return Object.values(referral).some((v) => v !== null) ? referral : null;
}

/** A stored referral (a Json column) read back; null when absent or not of the shape. */
export function storedReferral(value: unknown): Referral | null {
  const parsed = referralSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** A link that may be shown as one: http(s) only (the ad's URL comes from outside). */
export function safeLink(url: string | null): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === "https:" || u.protocol === "http:" ? u.toString() : null;
  } catch {
    return null;
  }
}
