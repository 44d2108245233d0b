import { readFileSync } from "node:fs";

/** Small real files under sandbox/media/, served at /_sandbox/media/{name} and used for inbound media. */
export const SAMPLE_TYPES = {
  "sample.jpg": "image/jpeg",
  "sample.png": "image/png",
  "sample.pdf": "application/pdf",
  "sample.ogg": "audio/ogg",
  "sample.mp4": "video/mp4",
  "sample.webp": "image/webp",
} as const;

export type SampleName = keyof typeof SAMPLE_TYPES;

const cache = new Map<SampleName, Buffer>();

export function isSampleName(name: string): name is SampleName {
  return Object.hasOwn(SAMPLE_TYPES, name);
}

export function sampleBytes(name: SampleName): Buffer {
  let bytes = cache.get(name);
  if (!bytes) {
    bytes = readFileSync(new URL(`./media/${name}`, import.meta.url));
    cache.set(name, bytes);
  }
  return bytes;
}
