import { afterAll, describe, expect, it } from "vitest";
import { TEST_ENV } from "@/scripts/test/env";
import { api, BASE_URL, createTestOrg, pollUntil } from "@/scripts/test/helpers";
import { counterValue } from "@/scripts/test/metrics-text";
import { freePort, readySender, send } from "@/scripts/test/send-helpers";
import { type Stack, startStack } from "@/scripts/test/stack";
import { newContact, registerWebhook, TestReceiver } from "@/scripts/test/test-receiver";

const WORKER = `http://127.0.0.1:${TEST_ENV.workerMetricsPort}/metrics`;
const AUTH = { authorization: `Bearer ${TEST_ENV.metricsToken}` };
let quiet: Stack | undefined;

afterAll(async () => {
  await quiet?.stop();
});

async function scrape(url: string): Promise<string> {
  const res = await fetch(url, { headers: AUTH });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

describe("GET /metrics", () => {
  it("answers only METRICS_TOKEN, on the web process and the worker", async () => {
    for (const url of [`${BASE_URL}/metrics`, WORKER]) {
      expect((await fetch(url)).status).toBe(401);
      expect(
        (await fetch(url, { headers: { authorization: "Bearer wrong-token-of-the-same-size!!" } })).status,
      ).toBe(401);
      expect((await fetch(url, { headers: { authorization: TEST_ENV.metricsToken } })).status).toBe(401);
    }
    const web = await scrape(`${BASE_URL}/metrics`);
    expect(web).toContain("# TYPE messaging_http_requests_total counter");
    expect(web).toMatch(/messaging_db_pool_connections\{state="total"\} \d+/);
    expect(web).toContain("messaging_process_cpu_seconds_total");
  });

  it("counts /v1 requests by declared route and status, with latency", async () => {
    const { key } = await createTestOrg();
    const route = { route: "/v1/webhooks/{id}", method: "GET", status: "404" };
    const before = counterValue(await scrape(`${BASE_URL}/metrics`), "messaging_http_requests_total", route);
    for (let i = 0; i < 3; i++) expect((await api("/v1/webhooks/wbk_00", { key })).status).toBe(404);
    const after = await scrape(`${BASE_URL}/metrics`);
    expect(counterValue(after, "messaging_http_requests_total", route)).toBe(before + 3);
    expect(
      // the method too: another test's DELETE of a webhook is counted under the same route
      counterValue(after, "messaging_http_request_duration_seconds_count", {
        route: "/v1/webhooks/{id}",
        method: "GET",
      }),
    ).toBeGreaterThanOrEqual(3);
  });

  it("the worker counts sends, upstream latency, inbound notifications, deliveries and queue depth", async () => {
    const hook = await TestReceiver.start();
    try {
      const sender = await readySender();
      const sent = await send(sender.key, { to: sender.to, type: "text", text: { body: "metrics" } });
      expect(sent.status, sent.text).toBe(200);
      await registerWebhook(sender.key, hook.url);
      await newContact(sender.key);
      await pollUntil(
        async () => hook.received,
        (r) => r.length >= 1,
      );
      const text = await pollUntil(
        () => scrape(WORKER),
        (t) =>
          counterValue(t, "messaging_webhook_deliveries_total", { outcome: "succeeded", attempt: "1" }) > 0,
      );
      expect(counterValue(text, "messaging_sends_total", { outcome: "sent" })).toBeGreaterThan(0);
      expect(
        counterValue(text, "messaging_upstream_request_duration_seconds_count", {
          operation: "messages",
          status: "200",
        }),
      ).toBeGreaterThan(0);
      expect(
        counterValue(text, "messaging_inbound_notifications_total", { result: "processed" }),
      ).toBeGreaterThan(0);
      for (const queue of ["sends", "deliveries", "upstream", "templates"]) {
        for (const state of ["waiting", "prioritized", "delayed", "active", "failed"]) {
          expect(text, `${queue} ${state}`).toMatch(
            new RegExp(`messaging_queue_jobs\\{queue="${queue}",state="${state}"\\} \\d+`),
          );
        }
      }
    } finally {
      await hook.down();
    }
  });

  it("does not exist while METRICS_TOKEN is unset", async () => {
    quiet = await startStack({
      webPort: await freePort(),
      pgProxyPort: await freePort(),
      redisProxyPort: await freePort(),
      worker: false,
      env: { METRICS_TOKEN: "" },
    });
    expect((await fetch(`${quiet.baseUrl}/metrics`, { headers: AUTH })).status).toBe(404);
  }, 120_000);
});
