import {
  receiveUpstreamNotification,
  upstreamReceiverWrongMethod,
  verifyUpstreamSubscription,
} from "@/lib/inbound/upstream-receiver";

// In production scripts/web.ts answers GET and POST here before Next.js sees them (the same
// functions: lib/inbound/upstream-receiver.ts); this route serves `next dev` and the other methods.
export const GET = verifyUpstreamSubscription;
export const POST = receiveUpstreamNotification;
export const PUT = upstreamReceiverWrongMethod;
export const PATCH = upstreamReceiverWrongMethod;
export const DELETE = upstreamReceiverWrongMethod;
