import type { Job } from "bullmq";
import { db } from "@/lib/db";
import { copyMedia } from "@/lib/media/copy-media";
import { QUEUES } from "@/lib/queues";

export async function processMedia(job: Job) {
  const { mediaId } = QUEUES.media.payload.parse(job.data);
  try {
    const media = await copyMedia(mediaId);
    return { mediaId, bytes: media.fileSize };
  } catch (error) {
    // the last attempt: the thread says "Could not be downloaded" instead of waiting forever
    // (a later copy, such as the signed link's on-demand one, clears it)
    if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) {
      await db().media.updateMany({
        where: { id: mediaId, storedAt: null },
        data: { copyFailedAt: new Date() },
      });
    }
    throw error;
  }
}
