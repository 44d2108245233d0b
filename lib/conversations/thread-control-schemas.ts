import { z } from "zod";

/** What lib/conversations/thread-control.ts takes and answers; no server code (the dashboard reads it). */
export type ThreadAction = "take" | "release" | "pass";

/** Where a pass sends the thread: Meta's pass names a role, never an app ("Routing roles" page). */
export const passTargets = ["ai_agent", "escalation_partner"] as const;
export type PassTarget = (typeof passTargets)[number];

export const threadControlResult = z
  .object({
    conversationId: z.uuid(),
    contactId: z.uuid(),
    channelId: z.uuid(),
    owner: z.enum(["us", "other"]).meta({
      description:
        "Who answers the conversation now: `us` (this service) or `other` (another responder on the number)",
    }),
    ownerAppId: z.string().nullable().meta({
      description:
        "The other responder's app id or role (e.g. `ai_agent`) when known; null when `owner` is `us` or nobody was named (a release)",
    }),
    changed: z.boolean().meta({ description: "false when the conversation already had this owner here" }),
  })
  .meta({ id: "ThreadControlResult" });

export type ThreadControlResult = z.infer<typeof threadControlResult>;
