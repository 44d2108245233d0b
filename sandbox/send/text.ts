import { z } from "zod";

export const textObject = z.strictObject({
  body: z.string().min(1).max(4096),
  preview_url: z.boolean().optional(),
});
