import { declareEndpoints } from "@/lib/api/endpoint";
import { pageQuery } from "@/lib/api/pagination";
import { channelJson } from "@/lib/channels/channel-json";

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
