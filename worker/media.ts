import type { Job } from "bullmq";
import { copyMedia } from "@/lib/media/copy-media";
import { QUEUES } from "@/lib/queues";

export async function processMedia(job: Job) {
  const { mediaId } = QUEUES.media.payload.parse(job.data);
  const media = await copyMedia(mediaId);
  return { mediaId, bytes: media.fileSize };
}
