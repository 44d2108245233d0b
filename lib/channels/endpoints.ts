import { declareEndpoints } from "@/lib/api/endpoint";
import { channelJson } from "@/lib/channels/channel-json";
import { pageQuery } from "@/lib/contacts/schemas";

export const CHANNEL_ENDPOINTS = declareEndpoints({
  listChannels: {
    method: "GET",
    path: "/v1/whatsapp/channels",
    tag: "Channels",
    scope: "whatsapp:templates",
    summary: "List channels",
    description:
      "Beyond the contract: the organization's channels, so that clients can find their channel ids.",
    query: pageQuery,
    response: channelJson,
    list: true,
    status: 200,
    errors: [],
  },
});
