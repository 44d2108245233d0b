import { z } from "zod";

/** A staff reply from the conversation thread: free text (window open) or an approved template. */
export const replyBody = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), text: z.string().trim().min(1, "write a message").max(4096) }),
  z.object({
    type: z.literal("template"),
    template_id: z.uuid("choose a template"),
    /** the body's variables in order ({{1}}, {{2}}… or the named ones in order of appearance) */
    parameters: z.array(z.string().trim().min(1, "fill every variable").max(1024)).max(50).default([]),
  }),
]);

export type ReplyBody = z.infer<typeof replyBody>;
