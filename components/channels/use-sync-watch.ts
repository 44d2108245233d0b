"use client";

import { useEffect, useSyncExternalStore } from "react";
import {
  currentWatches,
  endWatches,
  noWatches,
  startWatch,
  subscribeToWatches,
} from "@/components/channels/sync-watches";
import { useChannels } from "@/components/channels/use-channels";

const GIVE_UP_MS = 30_000;

/**
 * The channels list, and the template syncs it waits for. Syncs run in the worker: after "Sync
 * templates now" (or adding a channel) the list is polled until the channel's
 * templates_synced_at moves past the value it had, then `notify` says so; a sync the Graph API
 * answered "invalid token" (the channel's token_invalid_at moves) or that failed otherwise (its
 * template_sync_failure moves: the job retries, the row keeps saying why) ends the wait too, saying so.
 */
export function useWatchedChannels(notify: (message: string, tone: "success" | "info" | "error") => void) {
  const watching = useSyncExternalStore(subscribeToWatches, currentWatches, noWatches);
  const query = useChannels(Object.keys(watching).length > 0);
  const channels = query.data;

  useEffect(() => {
    const ids = Object.keys(watching);
    if (ids.length === 0 || !channels) return;
    const done: string[] = [];
    for (const id of ids) {
      const w = watching[id];
      const now = channels.find((c) => c.id === id);
      if (!w || !now) continue;
      if (now.token_invalid_at && now.token_invalid_at !== w.tokenBefore) {
        notify(`WhatsApp refused the token of ${w.name}: give the channel a new token.`, "error");
        done.push(id);
      } else if (now.template_sync_failure && now.template_sync_failure.at !== w.failedBefore) {
        notify(`The template sync of ${w.name} failed: ${now.template_sync_failure.error}`, "error");
        done.push(id);
      } else if (now.templates_synced_at && now.templates_synced_at !== w.before) {
        notify(`Templates of ${w.name} synced: ${now.templates} active.`, "success");
        done.push(id);
      } else if (Date.now() - w.since > GIVE_UP_MS) {
        notify(`The template sync of ${w.name} is taking a while; the list updates when it is done.`, "info");
        done.push(id);
      }
    }
    endWatches(done);
  }, [channels, watching, notify]);

  return { query, syncing: new Set(Object.keys(watching)), watch: startWatch };
}
