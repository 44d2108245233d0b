import type { Endpoint } from "@/lib/api/endpoint";
import { BROADCAST_ENDPOINTS } from "@/lib/broadcasts/endpoints";
import { CALL_ENDPOINTS } from "@/lib/calls/endpoints";
import { CHANNEL_ENDPOINTS } from "@/lib/channels/endpoints";
import { CONTACT_ENDPOINTS } from "@/lib/contacts/endpoints";
import { CONVERSATION_ENDPOINTS } from "@/lib/conversations/endpoints";
import { EVENT_ENDPOINTS } from "@/lib/events/endpoints";
import { FLOW_ENDPOINT_ENDPOINTS } from "@/lib/flow-endpoint/endpoints";
import { FLOW_ENDPOINTS } from "@/lib/flows/endpoints";
import { MEDIA_ENDPOINTS } from "@/lib/media/endpoints";
import { MESSAGE_ENDPOINTS } from "@/lib/messages/endpoints";
import { TEMPLATE_ENDPOINTS } from "@/lib/templates/endpoints";
import { USAGE_ENDPOINTS } from "@/lib/usage/endpoints";
import { WEBHOOK_ENDPOINTS } from "@/lib/webhooks/endpoints";

/**
 * Every /v1 endpoint, in the order of the reference. The declarations live with their domains
 * (lib/<domain>/endpoints.ts); endpoints.test.ts checks this list against the app/v1 route files.
 */
export const V1_ENDPOINTS = [
  CONTACT_ENDPOINTS.listContacts,
  CONTACT_ENDPOINTS.createContact,
  CONTACT_ENDPOINTS.blockContact,
  CONTACT_ENDPOINTS.unblockContact,
  MESSAGE_ENDPOINTS.sendMessage,
  MESSAGE_ENDPOINTS.getMessage,
  TEMPLATE_ENDPOINTS.listTemplates,
  MESSAGE_ENDPOINTS.sendTemplate,
  FLOW_ENDPOINTS.listFlows,
  FLOW_ENDPOINTS.createFlow,
  FLOW_ENDPOINTS.getFlow,
  FLOW_ENDPOINTS.updateFlow,
  FLOW_ENDPOINTS.deleteFlow,
  FLOW_ENDPOINTS.publishFlow,
  FLOW_ENDPOINTS.deprecateFlow,
  FLOW_ENDPOINTS.previewFlow,
  FLOW_ENDPOINTS.listFlowResponses,
  CALL_ENDPOINTS.listCalls,
  CALL_ENDPOINTS.placeCall,
  CALL_ENDPOINTS.getCall,
  CALL_ENDPOINTS.preAcceptCall,
  CALL_ENDPOINTS.acceptCall,
  CALL_ENDPOINTS.rejectCall,
  CALL_ENDPOINTS.terminateCall,
  CALL_ENDPOINTS.requestCallPermission,
  CALL_ENDPOINTS.getCallSettings,
  CALL_ENDPOINTS.updateCallSettings,
  BROADCAST_ENDPOINTS.createBroadcast,
  BROADCAST_ENDPOINTS.listBroadcasts,
  BROADCAST_ENDPOINTS.getBroadcast,
  BROADCAST_ENDPOINTS.listBroadcastRecipients,
  BROADCAST_ENDPOINTS.pauseBroadcast,
  BROADCAST_ENDPOINTS.resumeBroadcast,
  BROADCAST_ENDPOINTS.cancelBroadcast,
  BROADCAST_ENDPOINTS.retryBroadcast,
  CONVERSATION_ENDPOINTS.takeConversation,
  CONVERSATION_ENDPOINTS.releaseConversation,
  CONVERSATION_ENDPOINTS.passConversation,
  CHANNEL_ENDPOINTS.listChannels,
  FLOW_ENDPOINT_ENDPOINTS.getFlowEndpoint,
  FLOW_ENDPOINT_ENDPOINTS.updateFlowEndpoint,
  FLOW_ENDPOINT_ENDPOINTS.rotateFlowEndpointKey,
  USAGE_ENDPOINTS.getUsage,
  MEDIA_ENDPOINTS.getMedia,
  WEBHOOK_ENDPOINTS.createWebhook,
  WEBHOOK_ENDPOINTS.listWebhooks,
  WEBHOOK_ENDPOINTS.getWebhook,
  WEBHOOK_ENDPOINTS.updateWebhook,
  WEBHOOK_ENDPOINTS.deleteWebhook,
  WEBHOOK_ENDPOINTS.listDeliveries,
  WEBHOOK_ENDPOINTS.redeliver,
  WEBHOOK_ENDPOINTS.recoverWebhook,
  EVENT_ENDPOINTS.listEvents,
  EVENT_ENDPOINTS.getEvent,
  WEBHOOK_ENDPOINTS.retryNow,
  MESSAGE_ENDPOINTS.markMessageRead,
] as const satisfies readonly Endpoint[];

export type EndpointId = (typeof V1_ENDPOINTS)[number]["operationId"];
