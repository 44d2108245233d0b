import { z } from "zod";
import { pageQuery } from "@/lib/api/pagination";

export const listTemplatesQuery = pageQuery
  .extend({
    channel_id: z
      .string()
      .optional()
      .meta({ description: "Channel UUID; default: the most recently active channel" }),
  })
  .meta({ id: "ListTemplatesQuery" });
