import { expect } from "vitest";
import { TEST_ENV } from "@/scripts/test/env";

/** The worker's /metrics, as Prometheus reads it (the test stack's token). */
export async function scrapeWorker(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${TEST_ENV.workerMetricsPort}/metrics`, {
    headers: { authorization: `Bearer ${TEST_ENV.metricsToken}` },
  });
  expect(res.status).toBe(200);
  return res.text();
}

/** A counter's value for the sample whose labels include every one given (0 when none is exposed yet). */
export function counterValue(text: string, name: string, labels: Record<string, string>): number {
  const line = text
    .split("\n")
    .find(
      (l) =>
        l.startsWith(`${name}{`) &&
        Object.entries(labels).every(([label, value]) => l.includes(`${label}="${value}"`)),
    );
  return line ? Number(line.split(" ").at(-1)) : 0;
}
