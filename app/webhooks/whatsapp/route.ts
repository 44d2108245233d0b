import { plainMethodNotAllowed } from "@/lib/api/respond";
import {
  receiveUpstreamNotification,
  UPSTREAM_RECEIVER_METHODS,
  verifyUpstreamSubscription,
} from "@/lib/inbound/upstream-receiver";

// In production scripts/web.ts answers GET and POST here before Next.js sees them (the same
// functions: lib/inbound/upstream-receiver.ts); this route serves `next dev` and the other methods.
export const GET = verifyUpstreamSubscription;
export const POST = receiveUpstreamNotification;
export const { PUT, PATCH, DELETE } = plainMethodNotAllowed(UPSTREAM_RECEIVER_METHODS);
