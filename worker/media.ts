import { handle } from "@/lib/jobs/define-job";
import { mediaJob } from "@/lib/jobs/media";
import { copyMedia } from "@/lib/media/copy-media";
import { markMediaCopyFailed } from "@/lib/media/repository";

export const processMedia = handle(mediaJob, async ({ organizationId, mediaId }, job) => {
  try {
    const media = await copyMedia(organizationId, mediaId);
    return { mediaId, bytes: media.fileSize };
  } catch (error) {
    // the last attempt: the thread says "Could not be downloaded" instead of waiting forever
    // (a later copy, such as the signed link's on-demand one, clears it)
    if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) {
      await markMediaCopyFailed(organizationId, mediaId);
    }
    throw error;
  }
});
