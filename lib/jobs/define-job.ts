import type { Job, JobsOptions, Processor } from "bullmq";
import type { z } from "zod";
import type { Config } from "@/lib/config";

/**
 * A kind of job, declared once in its own file of lib/jobs/ (documenso's jobs/definitions is the
 * model): its queue's name, its payload's schema, its options and how many run at once in each
 * worker. The web app imports the definition to enqueue (lib/queues.ts checks every payload
 * against it); the worker runs the job through the handler of the same name in worker/, made
 * with `handle()` below, which parses the payload with the same schema.
 *
 * Why the handler is a second file (documenso's is too, loaded lazily): the web must not load
 * the worker's code, lib/ never imports worker/ (.dependency-cruiser.cjs), and a lazy import of
 * the handler from here would close a loop through the domain, whose code enqueues jobs.
 */
export type JobDefinition<S extends z.ZodType = z.ZodType> = {
  /** the Redis name; the hash tag keeps a queue's keys on one slot of a clustered Redis */
  name: string;
  payload: S;
  options: JobsOptions;
  /** jobs of this kind one worker process runs at once */
  concurrency: (settings: Config) => number;
};

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

/**
 * The worker's processor for `definition`: `run` gets the payload checked against the job's own
 * schema (a malformed payload fails the job before any work), with the job and its lock token for
 * the handlers that move it to the delayed set.
 */
export function handle<S extends z.ZodType>(
  definition: JobDefinition<S>,
  run: (payload: z.infer<S>, job: Job, token?: string) => Promise<unknown>,
): Processor {
  return async (job, token) => run(definition.payload.parse(job.data), job, token);
}
