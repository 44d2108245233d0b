import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { graphErrorOf, type Harness, startHarness, TOKEN, WABA_ID } from "@/sandbox/test-support";

let h: Harness;

const TEMPLATES = [
  {
    name: "plain",
    language: "en_US",
    status: "APPROVED",
    category: "UTILITY",
    components: [{ type: "BODY", text: "Hi" }],
  },
  {
    name: "order_update",
    language: "en_US",
    status: "APPROVED",
    category: "UTILITY",
    components: [
      { type: "HEADER", format: "TEXT", text: "Order {{1}}" },
      { type: "BODY", text: "Hello {{1}}, your order {{2}} ships {{1}}." },
      {
        type: "BUTTONS",
        buttons: [
          { type: "URL", text: "Track", url: "https://example.com/track/{{1}}" },
          { type: "QUICK_REPLY", text: "Stop" },
        ],
      },
    ],
  },
  {
    name: "named",
    language: "de",
    status: "APPROVED",
    category: "MARKETING",
    parameter_format: "NAMED",
    components: [{ type: "BODY", text: "Hallo {{first_name}}, {{code}}" }],
  },
  { name: "pending", language: "en_US", status: "PENDING", category: "UTILITY", components: [] },
  { name: "paused", language: "en_US", status: "PAUSED", category: "UTILITY", components: [] },
];

beforeAll(async () => {
  h = await startHarness({ status_delays_ms: { sent: null, delivered: null, read: null } });
  const put = await h.call("PUT", `/_sandbox/templates/${WABA_ID}`, { data: TEMPLATES });
  expect(put).toMatchObject({ status: 200, body: { count: TEMPLATES.length } });
});
afterAll(() => h.close());

const send = (name: string, code: string, components?: unknown[]) =>
  h.send({ type: "template", template: { name, language: { code }, components } });
const text = (t: string, parameter_name?: string) => ({ type: "text", text: t, parameter_name });

describe("template sends against the stored templates", () => {
  it("answers 132001 (HTTP 404) for an unknown name, a missing language or a template not approved", async () => {
    for (const [name, code] of [
      ["nope", "en_US"],
      ["plain", "de"],
      ["pending", "en_US"],
    ] as const) {
      const answer = await send(name, code);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({
        error: {
          message: "(#132001) Template name does not exist in the translation",
          code: 132001,
          error_data: { details: `template name (${name}) does not exist in ${code}` },
        },
      });
    }
  });

  it("answers 132015 for a paused template", async () => {
    expect(graphErrorOf(await send("paused", "en_US")).code).toBe(132015);
  });

  it("accepts the right parameters", async () => {
    const answer = await send("order_update", "en_US", [
      { type: "header", parameters: [text("A-1")] },
      { type: "body", parameters: [text("Ann"), text("A-1")] },
      { type: "button", sub_type: "url", index: "0", parameters: [text("A-1")] },
      {
        type: "button",
        sub_type: "quick_reply",
        index: 1,
        parameters: [{ type: "payload", payload: "stop" }],
      },
    ]);
    expect(answer.status).toBe(200);
  });

  it("answers 132000 when a part has too few or too many parameters", async () => {
    const missingBody = await send("order_update", "en_US", [
      { type: "header", parameters: [text("A-1")] },
      { type: "body", parameters: [text("Ann")] },
      { type: "button", sub_type: "url", index: 0, parameters: [text("A-1")] },
    ]);
    expect(missingBody.status).toBe(400);
    expect(missingBody.body).toMatchObject({
      error: {
        message: "(#132000) Number of parameters does not match the expected number of params",
        code: 132000,
        error_data: {
          details: "body: number of localizable_params (1) does not match the expected number of params (2)",
        },
      },
    });
    const extra = await send("plain", "en_US", [{ type: "body", parameters: [text("x")] }]);
    expect(graphErrorOf(extra).error_data?.details).toBe(
      "body: number of localizable_params (1) does not match the expected number of params (0)",
    );
    const noButton = await send("order_update", "en_US", [
      { type: "header", parameters: [text("A-1")] },
      { type: "body", parameters: [text("Ann"), text("A-1")] },
    ]);
    expect(graphErrorOf(noButton)).toMatchObject({
      code: 132000,
      error_data: { details: expect.stringMatching(/^button:/) },
    });
  });

  it("checks named parameters by name", async () => {
    expect(
      (
        await send("named", "de", [
          { type: "body", parameters: [text("Ann", "first_name"), text("X", "code")] },
        ])
      ).status,
    ).toBe(200);
    expect(
      graphErrorOf(
        await send("named", "de", [{ type: "body", parameters: [text("Ann", "first"), text("X", "code")] }]),
      ).code,
    ).toBe(132000);
    expect(
      graphErrorOf(await send("named", "de", [{ type: "body", parameters: [text("Ann"), text("X")] }])).code,
    ).toBe(100);
  });

  it("refuses a button index the template does not have", async () => {
    const answer = await send("plain", "en_US", [
      { type: "button", sub_type: "quick_reply", index: 3, parameters: [] },
    ]);
    expect(graphErrorOf(answer).code).toBe(131009);
  });
});

describe("GET /{waba_id}/message_templates", () => {
  it("pages with cursors forward and back", async () => {
    const first = await h.call("GET", `/v23.0/${WABA_ID}/message_templates?limit=2`, undefined, TOKEN);
    const page1 = first.body as {
      data: Array<{ name: string }>;
      paging: { cursors: { after: string }; next?: string };
    };
    expect(page1.data.map((t) => t.name)).toEqual(["plain", "order_update"]);
    expect(page1.paging.next).toContain(`after=${page1.paging.cursors.after}`);
    expect(page1.data[0]).toMatchObject({
      id: expect.any(String),
      status: "APPROVED",
      category: "UTILITY",
      language: "en_US",
    });

    const next = await fetch(page1.paging.next ?? "", { headers: { authorization: `Bearer ${TOKEN}` } });
    const page2 = (await next.json()) as {
      data: Array<{ name: string }>;
      paging: { previous?: string; next?: string };
    };
    expect(page2.data.map((t) => t.name)).toEqual(["named", "pending"]);
    expect(page2.paging.previous).toBeDefined();

    const back = await fetch(page2.paging.previous ?? "", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(((await back.json()) as { data: Array<{ name: string }> }).data.map((t) => t.name)).toEqual([
      "plain",
      "order_update",
    ]);

    const last = await fetch(page2.paging.next ?? "", { headers: { authorization: `Bearer ${TOKEN}` } });
    const page3 = (await last.json()) as { data: Array<{ name: string }>; paging: { next?: string } };
    expect(page3.data.map((t) => t.name)).toEqual(["paused"]);
    expect(page3.paging.next).toBeUndefined();
  });

  it("filters and picks fields", async () => {
    const answer = await h.call(
      "GET",
      `/v23.0/${WABA_ID}/message_templates?status=APPROVED&fields=name`,
      undefined,
      TOKEN,
    );
    const body = answer.body as { data: Array<Record<string, unknown>> };
    expect(body.data).toHaveLength(3);
    expect(Object.keys(body.data[0] ?? {}).sort()).toEqual(["id", "name"]);
  });

  it("needs a token of the WABA", async () => {
    expect((await h.call("GET", `/v23.0/${WABA_ID}/message_templates`, undefined, "wrong")).status).toBe(401);
    const other = await h.call("GET", "/v23.0/555/message_templates", undefined, TOKEN);
    expect(other.body).toMatchObject({ error: { code: 100, error_subcode: 33 } });
  });
});
