import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  CUSTOMER_WA_ID,
  customerWrites,
  type Harness,
  PHONE_NUMBER_ID,
  startHarness,
  statusesReceived,
  TOKEN,
  valuesReceived,
  WABA_ID,
  waitFor,
  wamidOf,
} from "@/sandbox/test-support";

let h: Harness;
const TEMPLATES = [
  { name: "promo", language: "en", status: "APPROVED", category: "MARKETING", components: [] },
  { name: "receipt", language: "en", status: "APPROVED", category: "UTILITY", components: [] },
];

function number(extra: Record<string, unknown> = {}) {
  return h.call("PUT", `/_sandbox/phone-numbers/${PHONE_NUMBER_ID}`, {
    waba_id: WABA_ID,
    display_phone_number: "+1 555-078-3881",
    access_token: TOKEN,
    ...extra,
  });
}

function marketing(body: Record<string, unknown>, token: string | null = TOKEN) {
  return h.call(
    "POST",
    `/v23.0/${PHONE_NUMBER_ID}/marketing_messages`,
    { messaging_product: "whatsapp", to: CUSTOMER_WA_ID, ...body },
    token,
  );
}

const PROMO = { type: "template", template: { name: "promo", language: { code: "en" } } };

function fieldsReceived(): string[] {
  return h.receiver.received.flatMap((r) =>
    (r.body as { entry: { changes: { field: string }[] }[] }).entry.flatMap((e) =>
      e.changes.map((c) => c.field),
    ),
  );
}

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.call("POST", "/_sandbox/reset", { keep_config: true });
  await number();
  await h.call("PUT", `/_sandbox/templates/${WABA_ID}`, { data: TEMPLATES });
  await h.call("PUT", "/_sandbox/app", {
    status_delays_ms: { sent: 10, delivered: null, read: null },
    free_service_window: false,
    pricing_date: null,
  });
  h.receiver.received.length = 0;
});

describe("block_users (Block users guide)", () => {
  it("blocks only a user who wrote in the last 24 hours; a partial failure is 400 with 139100 and per-user errors", async () => {
    await customerWrites(h);
    const res = await h.call(
      "POST",
      `/v23.0/${PHONE_NUMBER_ID}/block_users`,
      {
        messaging_product: "whatsapp",
        block_users: [{ user: `+${CUSTOMER_WA_ID}` }, { user: "+4915199999999" }],
      },
      TOKEN,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      messaging_product: "whatsapp",
      block_users: {
        added_users: [{ input: `+${CUSTOMER_WA_ID}`, wa_id: CUSTOMER_WA_ID }],
        failed_users: [{ input: "+4915199999999", wa_id: "4915199999999", errors: [{ code: 139102 }] }],
      },
      error: { code: 139100, type: "OAuthException" },
    });
    const list = await h.call("GET", `/v23.0/${PHONE_NUMBER_ID}/block_users`, undefined, TOKEN);
    expect(list.body).toMatchObject({
      data: [{ block_users: [{ messaging_product: "whatsapp", wa_id: CUSTOMER_WA_ID }] }],
    });
  });

  it("a blocked user receives nothing and cannot write; unblocking (no 24-hour rule) restores both", async () => {
    await customerWrites(h);
    const body = { messaging_product: "whatsapp", block_users: [{ user: CUSTOMER_WA_ID }] };
    expect((await h.call("POST", `/v23.0/${PHONE_NUMBER_ID}/block_users`, body, TOKEN)).status).toBe(200);
    const refused = await h.send({ type: "text", text: { body: "hello" } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: 131026 } });
    const inbound = await h.call("POST", "/_sandbox/inbound", {
      phone_number_id: PHONE_NUMBER_ID,
      from: CUSTOMER_WA_ID,
      message: { type: "text", text: { body: "let me in" } },
    });
    expect(inbound.status).toBe(409);
    const unblocked = await h.call("DELETE", `/v23.0/${PHONE_NUMBER_ID}/block_users`, body, TOKEN);
    expect(unblocked.body).toEqual({
      messaging_product: "whatsapp",
      block_users: { removed_users: [{ input: CUSTOMER_WA_ID, wa_id: CUSTOMER_WA_ID }] },
    });
    expect((await h.send({ type: "text", text: { body: "hello again" } })).status).toBe(200);
  });

  it("checks the token first, and the body's shape", async () => {
    const body = { messaging_product: "whatsapp", block_users: [{ user: CUSTOMER_WA_ID }] };
    expect((await h.call("POST", `/v23.0/${PHONE_NUMBER_ID}/block_users`, body, "nope")).status).toBe(401);
    const bad = await h.call("POST", `/v23.0/${PHONE_NUMBER_ID}/block_users`, { block_users: [] }, TOKEN);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 100 } });
  });
});

describe("POST /{phone_number_id}/marketing_messages (v23 sendMarketingMessage)", () => {
  it("onboarded: a marketing template goes through the API and is priced marketing_lite", async () => {
    await number({ marketing_messages_onboarded: true });
    const res = await marketing({ ...PROMO, product_policy: "STRICT", message_activity_sharing: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      messaging_product: "whatsapp",
      success: true,
      messages: [{ id: expect.any(String) }],
    });
    const id = wamidOf(res);
    const sent = await waitFor(() => statusesReceived(h.receiver).find((s) => s.id === id));
    expect(sent.pricing).toEqual({
      billable: true,
      pricing_model: "PMP",
      category: "marketing_lite",
      type: "regular",
    });
    const recorded = await h.call("GET", `/_sandbox/messages?phone_number_id=${PHONE_NUMBER_ID}`);
    expect((recorded.body as { data: unknown[] }).data.at(-1)).toMatchObject({
      endpoint: "marketing_messages",
      delivered_via: "marketing_messages",
    });
  });

  it("not onboarded: STRICT is refused with 131055; CLOUD_API_FALLBACK is delivered by the Cloud API (marketing)", async () => {
    const strict = await marketing({ ...PROMO, product_policy: "STRICT" });
    expect(strict.status).toBe(400);
    expect(strict.body).toMatchObject({ error: { code: 131055 } });
    const fallback = await marketing({ ...PROMO, product_policy: "CLOUD_API_FALLBACK" });
    expect(fallback.status).toBe(200);
    const id = wamidOf(fallback);
    const sent = await waitFor(() => statusesReceived(h.receiver).find((s) => s.id === id));
    expect(sent.pricing?.category).toBe("marketing");
  });

  it("only marketing templates: text is 100, a utility template 131009, a bad product_policy 100 (after the token)", async () => {
    await number({ marketing_messages_onboarded: true });
    expect((await marketing({ type: "text", text: { body: "hi" } })).body).toMatchObject({
      error: { code: 100, error_data: { details: "Message must be a template message." } },
    });
    const utility = await marketing({
      type: "template",
      template: { name: "receipt", language: { code: "en" } },
    });
    expect(utility.body).toMatchObject({ error: { code: 131009 } });
    expect((await marketing({ ...PROMO, product_policy: "SOMETIMES" })).body).toMatchObject({
      error: { code: 100 },
    });
    expect((await marketing({ ...PROMO, product_policy: "SOMETIMES" }, "nope")).status).toBe(401);
  });
});

describe("pricing as of October 2026", () => {
  it("a service message in the window is billed (regular); free_service_window plays the older rules", async () => {
    await customerWrites(h);
    const billed = wamidOf(await h.send({ type: "text", text: { body: "reply" } }));
    await h.call("PUT", "/_sandbox/app", { free_service_window: true });
    const free = wamidOf(await h.send({ type: "text", text: { body: "reply" } }));
    const [a, b] = await waitFor(() => {
      const s = statusesReceived(h.receiver);
      const x = s.find((i) => i.id === billed);
      const y = s.find((i) => i.id === free);
      return x && y ? [x, y] : undefined;
    });
    expect(a?.pricing).toEqual({
      billable: true,
      pricing_model: "PMP",
      category: "service",
      type: "regular",
    });
    expect(b?.pricing).toEqual({
      billable: false,
      pricing_model: "PMP",
      category: "service",
      type: "free_customer_service",
    });
  });

  it("a user who came from a click-to-WhatsApp ad opens a free entry point: free_entry_point, not billable", async () => {
    await h.call("POST", "/_sandbox/inbound", {
      phone_number_id: PHONE_NUMBER_ID,
      from: CUSTOMER_WA_ID,
      referral: true,
      message: { type: "text", text: { body: "saw your ad" } },
    });
    const id = wamidOf(await h.send(PROMO));
    const sent = await waitFor(() => statusesReceived(h.receiver).find((s) => s.id === id));
    expect(sent.pricing).toEqual({
      billable: false,
      pricing_model: "PMP",
      category: "marketing",
      type: "free_entry_point",
    });
  });
});

describe("pricing by the day a message is sent (pricing_date)", () => {
  it("before 2026-10-01 a service reply and an in-window utility template are free; from that day billable", async () => {
    await customerWrites(h);
    const RECEIPT = { type: "template", template: { name: "receipt", language: { code: "en" } } };
    await h.call("PUT", "/_sandbox/app", { pricing_date: "2026-09-30" });
    const freeReply = wamidOf(await h.send({ type: "text", text: { body: "reply" } }));
    const freeReceipt = wamidOf(await h.send(RECEIPT));
    await h.call("PUT", "/_sandbox/app", { pricing_date: "2026-10-01" });
    const billedReply = wamidOf(await h.send({ type: "text", text: { body: "reply" } }));
    const billedReceipt = wamidOf(await h.send(RECEIPT));
    const pricing = await waitFor(() => {
      const s = statusesReceived(h.receiver);
      const all = [freeReply, freeReceipt, billedReply, billedReceipt].map((id) =>
        s.find((i) => i.id === id),
      );
      return all.every(Boolean) ? all.map((i) => i?.pricing) : undefined;
    });
    expect(pricing).toEqual([
      { billable: false, pricing_model: "PMP", category: "service", type: "free_customer_service" },
      { billable: false, pricing_model: "PMP", category: "utility", type: "free_customer_service" },
      { billable: true, pricing_model: "PMP", category: "service", type: "regular" },
      { billable: true, pricing_model: "PMP", category: "utility", type: "regular" },
    ]);
  });

  it("a pricing_date that is not a calendar day is refused", async () => {
    for (const pricing_date of ["2026-10", "yesterday", "2026-13-45"]) {
      expect((await h.call("PUT", "/_sandbox/app", { pricing_date })).status).toBe(400);
    }
  });

  it("Meta Business Agent's messages are priced business_agent on standby statuses; another app's as service", async () => {
    for (const [appId, category] of [
      ["meta_business_agent", "business_agent"],
      ["other_app", "service"],
    ] as const) {
      await h.call("POST", "/_sandbox/routing", {
        phone_number_id: PHONE_NUMBER_ID,
        second_responder: { app_id: appId },
      });
      h.receiver.received.length = 0;
      const res = await h.call("POST", "/_sandbox/standby/statuses", {
        phone_number_id: PHONE_NUMBER_ID,
        id: `wamid.${appId}`,
        recipient_id: CUSTOMER_WA_ID,
        status: "delivered",
      });
      expect(res.status).toBe(200);
      const status = await waitFor(() => statusesReceived(h.receiver).find((s) => s.id === `wamid.${appId}`));
      expect(status.pricing).toEqual({ billable: true, pricing_model: "PMP", category, type: "regular" });
    }
    await h.call("POST", "/_sandbox/routing", { phone_number_id: PHONE_NUMBER_ID, second_responder: null });
  });
});

describe("account_update and business_capability_update controls", () => {
  function wabaChange(field: string) {
    for (const r of h.receiver.received) {
      const entry = (
        r.body as { entry: { id: string; time: number; changes: { field: string; value: unknown }[] }[] }
      ).entry[0];
      const change = entry?.changes.find((c) => c.field === field);
      if (entry && change) return { id: entry.id, time: entry.time, value: change.value };
    }
    return undefined;
  }

  it("POST /_sandbox/pricing-tier posts account_update VOLUME_BASED_PRICING_TIER_UPDATE for the number's WABA", async () => {
    const res = await h.call("POST", "/_sandbox/pricing-tier", {
      phone_number_id: PHONE_NUMBER_ID,
      pricing_category: "AUTHENTICATION",
      region: "BRAZIL",
      tier: "1:1000000",
      effective_month: "2026-12",
      tier_update_time: 1_790_000_000,
    });
    expect(res.status).toBe(200);
    const change = await waitFor(() => wabaChange("account_update"));
    expect(change).toEqual({
      id: WABA_ID,
      time: expect.any(Number),
      value: {
        event: "VOLUME_BASED_PRICING_TIER_UPDATE",
        volume_tier_info: {
          effective_month: "2026-12",
          pricing_category: "AUTHENTICATION",
          region: "BRAZIL",
          tier: "1:1000000",
          tier_update_time: 1_790_000_000,
        },
      },
    });
  });

  it("POST /_sandbox/messaging-limit posts business_capability_update for the WABA", async () => {
    const res = await h.call("POST", "/_sandbox/messaging-limit", {
      waba_id: WABA_ID,
      max_daily_conversations_per_business: 100000,
    });
    expect(res.status).toBe(200);
    const change = await waitFor(() => wabaChange("business_capability_update"));
    expect(change?.value).toEqual({
      max_daily_conversations_per_business: 100000,
      max_phone_numbers_per_business: 2,
      max_phone_numbers_per_waba: 2,
    });
  });

  it("refuses a limit Meta does not have, an unknown WABA or number, and a body naming neither", async () => {
    const cases: [Record<string, unknown>, number][] = [
      [{ waba_id: WABA_ID, max_daily_conversations_per_business: 300 }, 400],
      [{ waba_id: "999", max_daily_conversations_per_business: 250 }, 404],
      [{ phone_number_id: "999", max_daily_conversations_per_business: 250 }, 404],
      [{ max_daily_conversations_per_business: 250 }, 400],
    ];
    for (const [body, status] of cases) {
      expect((await h.call("POST", "/_sandbox/messaging-limit", body)).status).toBe(status);
    }
    expect((await h.call("POST", "/_sandbox/pricing-tier", { waba_id: WABA_ID, tier: "lots" })).status).toBe(
      400,
    );
  });
});

describe("coexistence numbers", () => {
  it("are paced at Meta's fixed 20 messages a second whatever their throughput", async () => {
    await number({ coexistence: true, throughput_per_second: 1000 });
    // the sandbox's clock stands still while the 80 requests arrive, so its bucket (20, refilled at
    // 20 a second) refills nothing: exactly 20 go, however long a busy machine takes to send them
    // (it once took long enough to refill all 80); at 1,000/s all 80 would go
    vi.useFakeTimers({ toFake: ["Date"] });
    let answers: Awaited<ReturnType<Harness["send"]>>[];
    try {
      answers = await Promise.all(Array.from({ length: 80 }, () => h.send(PROMO)));
    } finally {
      vi.useRealTimers();
    }
    expect(answers.filter((a) => a.status === 200)).toHaveLength(20);
    expect(answers.find((a) => a.status !== 200)?.body).toMatchObject({ error: { code: 130429 } });
  });

  it("post smb_message_echoes, history and smb_app_state_sync in Meta's shapes; refuse a number that is not one", async () => {
    const echo = {
      phone_number_id: PHONE_NUMBER_ID,
      to: CUSTOMER_WA_ID,
      message: { type: "text", text: { body: "from the app" } },
    };
    expect((await h.call("POST", "/_sandbox/echoes", echo)).status).toBe(409);
    await number({ coexistence: true });
    const sent = await h.call("POST", "/_sandbox/echoes", echo);
    expect(sent.body).toMatchObject({ id: expect.stringMatching(/^wamid\./), status: 200 });
    await h.call("POST", "/_sandbox/history", {
      phone_number_id: PHONE_NUMBER_ID,
      threads: [
        {
          user: CUSTOMER_WA_ID,
          messages: [
            { direction: "inbound", timestamp: 1_790_000_000, text: "old question" },
            { direction: "outbound", timestamp: 1_790_000_100, text: "old answer", status: "READ" },
          ],
        },
      ],
    });
    await h.call("POST", "/_sandbox/app-contacts", {
      phone_number_id: PHONE_NUMBER_ID,
      contacts: [{ phone_number: "+4915112345678", full_name: "Lena Berg", first_name: "Lena" }],
    });
    expect(fieldsReceived()).toEqual(["smb_message_echoes", "history", "smb_app_state_sync"]);
    const [echoValue, historyValue, syncValue] = valuesReceived(h.receiver);
    expect(echoValue?.message_echoes).toEqual([
      {
        from: "15550783881",
        to: CUSTOMER_WA_ID,
        id: (sent.body as { id: string }).id,
        timestamp: expect.any(String),
        type: "text",
        text: { body: "from the app" },
      },
    ]);
    expect(historyValue?.history).toEqual([
      {
        metadata: { phase: 0, chunk_order: 1, progress: 100 },
        threads: [
          {
            id: CUSTOMER_WA_ID,
            messages: [
              {
                from: CUSTOMER_WA_ID,
                id: expect.any(String),
                timestamp: "1790000000",
                type: "text",
                text: { body: "old question" },
                history_context: { status: "DELIVERED" },
              },
              {
                from: "15550783881",
                to: CUSTOMER_WA_ID,
                id: expect.any(String),
                timestamp: "1790000100",
                type: "text",
                text: { body: "old answer" },
                history_context: { status: "READ" },
              },
            ],
          },
        ],
      },
    ]);
    expect(syncValue?.state_sync).toEqual([
      {
        type: "contact",
        contact: { full_name: "Lena Berg", first_name: "Lena", phone_number: "4915112345678" },
        action: "add",
        metadata: { timestamp: expect.any(String) },
      },
    ]);
  });
});

describe("usernames and business-scoped user ids", () => {
  it("inbound carries the username and parent user id; a user id change posts user_changed_user_id and moves the window", async () => {
    await h.call("POST", "/_sandbox/inbound", {
      phone_number_id: PHONE_NUMBER_ID,
      user_id: "US.111",
      parent_user_id: "US.ENT.9",
      username: "@cy",
      name: "Cy",
      message: { type: "text", text: { body: "hi" } },
    });
    const [value] = valuesReceived(h.receiver);
    expect(value?.contacts).toEqual([
      { profile: { name: "Cy", username: "@cy" }, user_id: "US.111", parent_user_id: "US.ENT.9" },
    ]);
    expect(value?.messages).toMatchObject([{ from_user_id: "US.111", from_parent_user_id: "US.ENT.9" }]);
    const change = await h.call("POST", "/_sandbox/user-id-change", {
      phone_number_id: PHONE_NUMBER_ID,
      user_id: "US.111",
      new_user_id: "US.222",
      name: "Cy",
    });
    expect(change.status).toBe(200);
    const system = valuesReceived(h.receiver)[1];
    expect(system?.contacts).toBeUndefined();
    expect(system?.messages).toEqual([
      {
        from_user_id: "US.111",
        id: expect.any(String),
        timestamp: expect.any(String),
        type: "system",
        system: {
          body: "User Cy changed from US.111 to US.222",
          user_id: "US.222",
          type: "user_changed_user_id",
        },
      },
    ]);
    // the window moved with the user: a reply to the new id is accepted, to the old one refused
    const toNew = await h.call(
      "POST",
      `/v23.0/${PHONE_NUMBER_ID}/messages`,
      { messaging_product: "whatsapp", recipient: "US.222", type: "text", text: { body: "ok" } },
      TOKEN,
    );
    expect(toNew.status).toBe(200);
    const toOld = await h.call(
      "POST",
      `/v23.0/${PHONE_NUMBER_ID}/messages`,
      { messaging_product: "whatsapp", recipient: "US.111", type: "text", text: { body: "ok" } },
      TOKEN,
    );
    expect(toOld.status).toBe(400);
  });
});
