import { controlError } from "@/sandbox/graph-error";
import type { Reply } from "@/sandbox/http";
import { isSampleName, SAMPLE_TYPES, sampleBytes } from "@/sandbox/samples";

/** GET /_sandbox/media/{name}: small real files to use as media links. */
export function getSample(name: string): Reply {
  if (!isSampleName(name)) {
    throw controlError(404, `No sample named ${name}; there are ${Object.keys(SAMPLE_TYPES).join(", ")}.`);
  }
  return { status: 200, bytes: sampleBytes(name), contentType: SAMPLE_TYPES[name] };
}
