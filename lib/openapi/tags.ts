import type { EndpointTag } from "@/lib/api/endpoint";

/** Sections of the reference, in the order they are shown; only tags in use are emitted. */
export const TAGS = [
  { name: "Messages", description: "Send text, media, location, template and interactive messages." },
  { name: "Templates", description: "List approved message templates and send them." },
  {
    name: "Broadcasts",
    description:
      "Send an approved template to many contacts, paced at the channel's throughput, tracked per recipient (beyond the contract).",
  },
  { name: "Contacts", description: "Customers and leads; every conversation belongs to one contact." },
  { name: "Webhooks", description: "Register HTTPS endpoints that receive signed events." },
  { name: "Media", description: "Exchange the media reference of an inbound message for a download link." },
  { name: "Channels", description: "The organization's WhatsApp sending lines (beyond the contract)." },
] as const satisfies readonly { name: EndpointTag; description: string }[];
