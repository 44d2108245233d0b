import type { Job } from "bullmq";
import { expireRingingCall } from "@/lib/calls/ring-timeout";
import { QUEUES } from "@/lib/queues";

/** A customer's call still ringing at its channel's ring time is rejected and logged as missed. */
export async function processRingTimeout(job: Job) {
  const { callId } = QUEUES.calls.payload.parse(job.data);
  return { callId, result: await expireRingingCall(callId) };
}
