import { expireRingingCall } from "@/lib/calls/ring-timeout";
import { callsJob } from "@/lib/jobs/calls";
import { handle } from "@/lib/jobs/define-job";

/** A customer's call still ringing at its channel's ring time is rejected and logged as missed. */
export const processRingTimeout = handle(callsJob, async ({ organizationId, callId }) => ({
  callId,
  result: await expireRingingCall(organizationId, callId),
}));
