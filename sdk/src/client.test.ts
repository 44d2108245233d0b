import { createServer } from "node:http";
import { describe, expect, it } from "vitest";
import { BASE_URL, createTestOrg } from "@/scripts/test/helpers";
import { freePort, readySender } from "@/scripts/test/send-helpers";
import { createMessagingClient } from "./index.js";

/** The real fetch, with every request it made kept (method, Idempotency-Key), to count retries. */
function recordingFetch() {
  const seen: { method: string; url: string; key: string | null; status: number | null }[] = [];
  const fetch = async (request: Request) => {
    const entry = {
      method: request.method,
      url: request.url,
      key: request.headers.get("idempotency-key"),
      status: null as number | null,
    };
    seen.push(entry);
    const response = await globalThis.fetch(request);
    entry.status = response.status;
    return response;
  };
  return { seen, fetch };
}

describe("the SDK against the running product", () => {
  it("makes typed calls: create and list contacts, send, read events", async () => {
    const sender = await readySender();
    const sdk = createMessagingClient({ baseUrl: BASE_URL, apiKey: sender.key });
    const created = await sdk.POST("/v1/contacts", {
      body: { phone: "+14155550142", name: "Ada", tags: ["sdk"] },
    });
    expect(created.response.status).toBe(201);
    expect(created.data?.data.name).toBe("Ada");
    const listed = await sdk.GET("/v1/contacts", { params: { query: { per_page: 5 } } });
    expect(listed.data?.meta.per_page).toBe(5);
    expect(listed.data?.data.map((c) => c.phone)).toContain("+14155550142");

    const sent = await sdk.POST("/v1/whatsapp/messages", {
      body: { to: sender.to, type: "text", text: { body: "hello from the SDK" } },
    });
    expect(sent.response.status).toBe(200);
    expect(sent.data?.data.status).toBe("sent");

    const events = await sdk.GET("/v1/events", { params: { query: { type: "contact.created" } } });
    const event = events.data?.data.find(
      (e) => e.event === "contact.created" && e.data.phone === "+14155550142",
    );
    expect(event?.event).toBe("contact.created");

    const bad = await sdk.GET("/v1/webhooks/{id}", { params: { path: { id: "wbk_00" } } });
    expect(bad.response.status).toBe(404);
    expect(bad.error?.error.code).toBe("RESOURCE_NOT_FOUND");
  });

  it("sets an Idempotency-Key on every POST: the same key twice sends once", async () => {
    const sender = await readySender();
    const { seen, fetch } = recordingFetch();
    const sdk = createMessagingClient({ baseUrl: BASE_URL, apiKey: sender.key, fetch });
    const body = { to: sender.to, type: "text" as const, text: { body: "once" } };
    const first = await sdk.POST("/v1/whatsapp/messages", { body });
    expect(seen[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    const key = seen[0]?.key ?? "";
    const again = await sdk.POST("/v1/whatsapp/messages", { body, headers: { "Idempotency-Key": key } });
    expect(again.response.headers.get("idempotent-replayed")).toBe("true");
    expect(again.data?.data.messageId).toBe(first.data?.data.messageId);
    const other = await sdk.POST("/v1/whatsapp/messages", { body });
    expect(seen[2]?.key).not.toBe(key);
    expect(other.data?.data.messageId).not.toBe(first.data?.data.messageId);
  });

  it("retries a 429 after the wait the API asks for, and gives the 429 back when the retries are spent", async () => {
    const { key } = await createTestOrg({ perMinute: 1 });
    const { seen, fetch } = recordingFetch();
    const retries: { delayMs: number; status: number | null }[] = [];
    const sdk = createMessagingClient({
      baseUrl: BASE_URL,
      apiKey: key,
      fetch,
      // the API asks to wait until the next minute: capped here so the test does not wait it out
      retry: { retries: 2, baseDelayMs: 10, maxDelayMs: 50, onRetry: (info) => retries.push(info) },
    });
    expect((await sdk.GET("/v1/contacts")).response.status).toBe(200);
    const limited = await sdk.GET("/v1/contacts");
    expect(limited.response.status).toBe(429);
    expect(limited.error?.error.code).toBe("RATE_LIMIT_EXCEEDED");
    expect(seen.map((s) => s.status)).toEqual([200, 429, 429, 429]);
    // Retry-After (seconds to the next minute) was read: each wait is the cap, not the 10 ms backoff
    expect(retries).toEqual([
      expect.objectContaining({ status: 429, delayMs: 50 }),
      expect.objectContaining({ status: 429, delayMs: 50 }),
    ]);
  });

  it("never retries a POST without its Idempotency-Key; retries one with it, and reads", async () => {
    const down = `http://127.0.0.1:${await freePort()}`;
    const { seen, fetch } = recordingFetch();
    const options = { baseUrl: down, apiKey: "service_sk_x", fetch, retry: { retries: 3, baseDelayMs: 5 } };
    const bare = createMessagingClient({ ...options, idempotencyKeys: false });
    await expect(bare.POST("/v1/contacts", { body: { phone: "+14155550100" } })).rejects.toThrow();
    expect(seen).toHaveLength(1);

    seen.length = 0;
    const keyed = createMessagingClient(options);
    await expect(keyed.POST("/v1/contacts", { body: { phone: "+14155550100" } })).rejects.toThrow();
    expect(seen).toHaveLength(4);
    expect(new Set(seen.map((s) => s.key)).size).toBe(1);

    seen.length = 0;
    await expect(bare.GET("/v1/contacts")).rejects.toThrow();
    expect(seen).toHaveLength(4);
  });

  it("retries a 503 naming its message only when the API says X-Should-Retry: true (nothing was sent)", async () => {
    // the two 503s of a send both carry details.messageId: "nothing was sent; retry" and "under way"
    let header: string | null = null;
    const server = createServer((_req, res) => {
      res.writeHead(503, {
        "content-type": "application/json",
        ...(header === null ? {} : { "x-should-retry": header }),
      });
      res.end(
        JSON.stringify({
          error: { code: "SERVER_SERVICE_UNAVAILABLE", message: "…", details: { messageId: "m1" } },
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    const baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    try {
      const { seen, fetch } = recordingFetch();
      const sdk = createMessagingClient({
        baseUrl,
        apiKey: "service_sk_x",
        fetch,
        retry: { retries: 2, baseDelayMs: 5 },
      });
      const send = () =>
        sdk.POST("/v1/whatsapp/messages", {
          body: { to: "+14155550100", type: "text", text: { body: "x" } },
        });
      for (const [said, requests] of [
        ["true", 3],
        ["false", 1],
        [null, 1],
      ] as const) {
        header = said;
        seen.length = 0;
        const answer = await send();
        expect(answer.response.status).toBe(503);
        expect(seen, `X-Should-Retry: ${said}`).toHaveLength(requests);
        expect(new Set(seen.map((s) => s.key)).size).toBe(1);
      }
    } finally {
      server.close();
    }
  });
});
