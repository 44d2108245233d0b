import type { EndpointTag } from "@/lib/api/endpoint";

/** Sections of the reference, in the order they are shown; only tags in use are emitted. */
export const TAGS = [
  { name: "Messages", description: "Send text, media, location, template and interactive messages." },
  { name: "Templates", description: "List approved message templates and send them." },
  {
    name: "Flows",
    description:
      "WhatsApp Flows (forms that open inside WhatsApp) over Meta's Flows API: create with the Flow JSON, fix Meta's validation errors, preview, publish, deprecate (beyond the contract).",
  },
  {
    name: "Calls",
    description:
      "WhatsApp voice calls over Meta's Calling API, signalling only: your own WebRTC or SIP stack makes and reads the SDP offers and answers we relay (beyond the contract).",
  },
  {
    name: "Broadcasts",
    description:
      "Send an approved template to many contacts, paced at the channel's throughput, tracked per recipient (beyond the contract).",
  },
  {
    name: "Conversations",
    description:
      "Who answers a conversation on a number WhatsApp routes between responders (e.g. Meta Business Agent): take it, hand it back, or pass it on (beyond the contract).",
  },
  { name: "Contacts", description: "Customers and leads; every conversation belongs to one contact." },
  { name: "Webhooks", description: "Register HTTPS endpoints that receive signed events." },
  {
    name: "Events",
    description:
      "What your webhooks receive: every event with its headers and the exact schema of its body (below the endpoints), and the events API listing the same envelopes, so a receiver catches up after an outage.",
  },
  { name: "Media", description: "Exchange the media reference of an inbound message for a download link." },
  { name: "Channels", description: "The organization's WhatsApp sending lines (beyond the contract)." },
  {
    name: "Usage",
    description:
      "Messages as Meta prices them: by day, pricing category and channel, billable or free (beyond the contract).",
  },
] as const satisfies readonly { name: EndpointTag; description: string }[];
