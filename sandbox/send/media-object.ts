import { z } from "zod";

/** Meta fetches links itself, over HTTP or HTTPS. */
export const mediaLink = z.url({ protocol: /^https?$/ });

const caption = z.string().max(1024);
const filename = z.string().min(1).max(240);

function oneSource(value: { link?: string; id?: string }, ctx: z.RefinementCtx): void {
  if ((value.link === undefined) === (value.id === undefined)) {
    ctx.addIssue({
      code: "custom",
      message: "Either 'id' or 'link' must be provided for the media, but not both.",
    });
  }
}

const source = { link: mediaLink.optional(), id: z.string().min(1).optional() };

/** A bare media reference (interactive headers, template parameters). */
export const mediaRef = z.strictObject(source).superRefine(oneSource);
export const documentRef = z
  .strictObject({ ...source, filename: filename.optional() })
  .superRefine(oneSource);

/** The media objects of media messages, per type. */
export const mediaObjects = {
  image: z.strictObject({ ...source, caption: caption.optional() }).superRefine(oneSource),
  video: z.strictObject({ ...source, caption: caption.optional() }).superRefine(oneSource),
  audio: z.strictObject(source).superRefine(oneSource),
  sticker: z.strictObject(source).superRefine(oneSource),
  document: z
    .strictObject({ ...source, caption: caption.optional(), filename: filename.optional() })
    .superRefine(oneSource),
};

export type MediaKind = keyof typeof mediaObjects;
export type MediaSource = { link?: string; id?: string };
