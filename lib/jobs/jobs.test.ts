import { existsSync } from "node:fs";
import type { Job } from "bullmq";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineJob, handle } from "@/lib/jobs/define-job";
import { QUEUES } from "@/lib/queues";

describe("jobs: one definition file and one handler file each", () => {
  it.each(Object.keys(QUEUES))("%s: lib/jobs/%s.ts declares it, worker/%s.ts handles it", (key) => {
    expect(existsSync(`lib/jobs/${key}.ts`)).toBe(true);
    expect(existsSync(`worker/${key}.ts`)).toBe(true);
    // a clustered Redis keeps a queue's keys on one slot only through a hash tag
    expect(QUEUES[key as keyof typeof QUEUES].name).toBe(`{${key}}`);
  });

  it("a handler gets the payload its schema parsed, and a malformed payload fails before any work", async () => {
    const job = defineJob({
      name: "{example}",
      payload: z.object({ id: z.uuid() }),
      options: {},
      concurrency: () => 1,
    });
    const seen: string[] = [];
    const processor = handle(job, async ({ id }) => {
      seen.push(id);
      return id;
    });
    const id = "0b7e3f4e-8a4c-4a53-9a61-3c1d2b6f9e10";
    await expect(processor({ data: { id, extra: 1 } } as unknown as Job)).resolves.toBe(id);
    await expect(processor({ data: { id: "not-a-uuid" } } as unknown as Job)).rejects.toThrow();
    expect(seen).toEqual([id]);
  });
});
