import "#server-only";
import { ApiError } from "@/lib/api/errors";
import {
  type CallSettingsJson,
  type MetaCalling,
  metaCallingSchema,
  type UpdateCallSettingsBody,
} from "@/lib/calls/call-settings-schemas";
import type { ChannelCallSettingsJson } from "@/lib/calls/dashboard-endpoints";
import { getChannelOrThrow } from "@/lib/channels/get-channel";
import { listActiveChannels, updateChannelRow } from "@/lib/channels/repository";
import { graphRequest } from "@/lib/cloud-api/graph-client";
import { UpstreamError } from "@/lib/cloud-api/graph-error";
import type { Channel } from "@/lib/generated/prisma/client.ts";

/**
 * A channel's calling settings: Meta's `calling` object of the settings API, applied with
 * `POST /{phone-number-id}/settings` (https://developers.facebook.com/documentation/business-messaging/whatsapp/calling/call-settings/),
 * plus our own ring time. Meta is told first and the settings are stored only once it accepted
 * them, so what we show is what WhatsApp holds (a refusal changes nothing here).
 */

type SettingsChannel = Pick<
  Channel,
  "id" | "callingSettings" | "callingSettingsAt" | "callRingSeconds" | "phoneNumberId"
>;

/** The stored `calling` object; a malformed one (written by hand) reads as never set. */
function storedCalling(channel: Pick<Channel, "callingSettings">): MetaCalling {
  const parsed = metaCallingSchema.safeParse(channel.callingSettings ?? {});
  return parsed.success ? parsed.data : {};
}

export function toCallSettingsJson(channel: SettingsChannel): CallSettingsJson {
  const calling = storedCalling(channel);
  return {
    channel_id: channel.id,
    status: calling.status ?? null,
    call_icon_visibility: calling.call_icon_visibility ?? null,
    call_hours: calling.call_hours ?? null,
    callback_permission_status: calling.callback_permission_status ?? null,
    ring_seconds: channel.callRingSeconds,
    applied_at: channel.callingSettingsAt?.toISOString() ?? null,
  };
}

/** The organization's channel's settings; another organization's channel is RESOURCE_NOT_FOUND. */
export async function getCallSettings(organizationId: string, channelId: string): Promise<CallSettingsJson> {
  return toCallSettingsJson(await getChannelOrThrow(organizationId, channelId));
}

/** Every active channel's settings, for the dashboard's Calling section. */
export async function listCallSettings(organizationId: string): Promise<ChannelCallSettingsJson[]> {
  const channels = await listActiveChannels(organizationId);
  return channels.map((c) => ({
    ...toCallSettingsJson(c),
    channel_name: c.name,
    display_phone_number: c.displayPhoneNumber,
  }));
}

/** A refusal by Meta in our catalog, in words the dashboard shows as they are. */
function settingsUpstreamError(error: unknown): unknown {
  if (!(error instanceof UpstreamError)) return error;
  const { failure } = error;
  if (failure.kind !== "rejected")
    return new ApiError(
      "WHATSAPP_SEND_FAILED",
      "WhatsApp could not be reached to change the calling settings; nothing was changed.",
      { error: { message: failure.message } },
    );
  const meta = failure.error;
  const why = meta.error_data?.details ?? meta.message;
  return new ApiError("WHATSAPP_SEND_FAILED", `WhatsApp refused the calling settings: ${why}`, {
    error: meta,
  });
}

/**
 * Changes the given fields. Meta's own fields (status, call icon, call hours, callback permission)
 * are sent merged with what was stored (Meta keeps a field left out, except holidays, which the
 * merged call_hours carries in full); `ring_seconds` alone needs no upstream call.
 */
export async function updateCallSettings(
  organizationId: string,
  channelId: string,
  body: UpdateCallSettingsBody,
): Promise<CallSettingsJson> {
  const channel = await getChannelOrThrow(organizationId, channelId);
  const { ring_seconds: ringSeconds, ...change } = body;
  const changesMeta = Object.values(change).some((v) => v !== undefined);
  const calling: MetaCalling = { ...storedCalling(channel), ...stripUndefined(change) };
  if (changesMeta) {
    try {
      await graphRequest(channel, `${channel.phoneNumberId}/settings`, {
        method: "POST",
        body: { calling },
      });
    } catch (error) {
      throw settingsUpstreamError(error);
    }
  }
  const updated = await updateChannelRow(organizationId, channel.id, {
    ...(changesMeta ? { callingSettings: calling, callingSettingsAt: new Date() } : {}),
    ...(ringSeconds === undefined ? {} : { callRingSeconds: ringSeconds }),
  });
  return toCallSettingsJson(updated);
}

function stripUndefined<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
