"use client";

import type { ChannelRowJson } from "@/lib/channels/channel-schemas";

/** A template sync the page waits for: the channel's values when it was asked for. */
export type SyncWatch = {
  before: string | null;
  tokenBefore: string | null;
  failedBefore: string | null;
  since: number;
  name: string;
};

/**
 * The template syncs awaited in this tab, kept outside any component: a sync asked for just
 * before the Channels page re-rendered anew (a slow navigation) or was left is still awaited,
 * and announced, when the page shows again. Read with `useSyncExternalStore`.
 */
let watches: Readonly<Record<string, SyncWatch>> = {};
const listeners = new Set<() => void>();

export function subscribeToWatches(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentWatches(): Readonly<Record<string, SyncWatch>> {
  return watches;
}

const NONE: Readonly<Record<string, SyncWatch>> = {};

/** What the server renders: nothing awaited. */
export function noWatches(): Readonly<Record<string, SyncWatch>> {
  return NONE;
}

function publish(next: Readonly<Record<string, SyncWatch>>): void {
  watches = next;
  for (const listener of listeners) listener();
}

/** Waits for the channel's next sync: its templates_synced_at moving past `before`. */
export function startWatch(channel: ChannelRowJson, before: string | null): void {
  publish({
    ...watches,
    [channel.id]: {
      before,
      tokenBefore: channel.token_invalid_at,
      failedBefore: channel.template_sync_failure?.at ?? null,
      since: Date.now(),
      name: channel.name,
    },
  });
}

export function endWatches(ids: string[]): void {
  if (ids.length === 0) return;
  publish(Object.fromEntries(Object.entries(watches).filter(([id]) => !ids.includes(id))));
}
