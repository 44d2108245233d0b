import { z } from "zod";

/**
 * One page of a Graph API list (message_templates, flows, …): `data` and Meta's cursor `paging`,
 * whose `next` is the whole URL of the following page. Unknown keys are kept (Meta adds some).
 */
export const graphPage = z
  .object({
    data: z.array(z.unknown()).default([]),
    paging: z
      .object({
        cursors: z.object({ after: z.string().optional() }).loose().optional(),
        next: z.string().optional(),
      })
      .loose()
      .optional(),
  })
  .loose();
