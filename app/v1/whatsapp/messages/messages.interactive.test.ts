import { describe, expect, it } from "vitest";
import { type AnyJson, expectError } from "@/scripts/test/helpers";
import { acceptedRequest, readySender, send, upstreamRequests } from "@/scripts/test/send-helpers";

const s = (n: number, c = "x") => c.repeat(n);
const buttons = (n: number, id = (i: number) => `b${i}`, title = (i: number) => `Option ${i}`) =>
  Array.from({ length: n }, (_, i) => ({ type: "reply", reply: { id: id(i), title: title(i) } }));
const replies = (o: {
  n?: number;
  id?: string;
  title?: string;
  header?: string;
  body?: string;
  footer?: string;
}) => ({
  type: "button",
  ...(o.header === undefined ? {} : { header: { type: "text", text: o.header } }),
  body: { text: o.body ?? "Pick one" },
  ...(o.footer === undefined ? {} : { footer: { text: o.footer } }),
  action: {
    buttons: buttons(
      o.n ?? 1,
      (i) => (i === 0 && o.id ? o.id : `b${i}`),
      (i) => (i === 0 && o.title ? o.title : `Option ${i}`),
    ),
  },
});
const cta = (o: { text?: string; url?: string }) => ({
  type: "cta_url",
  body: { text: "See the offer" },
  action: {
    name: "cta_url",
    parameters: { display_text: o.text ?? "Open", url: o.url ?? "https://example.com/o" },
  },
});
const rows = (n: number, prefix: string, o: { title?: string; description?: string } = {}) =>
  Array.from({ length: n }, (_, i) => ({
    id: `${prefix}${i}`,
    title: i === 0 && o.title ? o.title : `Row ${i}`,
    ...(i === 0 && o.description !== undefined ? { description: o.description } : {}),
  }));
const list = (o: {
  button?: string;
  sections?: number;
  rows?: number;
  title?: string;
  description?: string;
}) => ({
  type: "list",
  body: { text: "Choose a slot" },
  action: {
    button: o.button ?? "Slots",
    sections: Array.from({ length: o.sections ?? 1 }, (_, i) => ({
      title: `Day ${i}`,
      rows: rows(o.rows ?? 1, `s${i}r`, i === 0 ? o : {}),
    })),
  },
});

/** [what, the interactive object at the limit, over it, details.field, the limit] */
const LIMITS: [string, AnyJson, AnyJson, string, number][] = [
  ["buttons", replies({ n: 3 }), replies({ n: 4 }), "interactive.action.buttons", 3],
  [
    "button title",
    replies({ title: s(20) }),
    replies({ title: s(21) }),
    "interactive.action.buttons[0].reply.title",
    20,
  ],
  [
    "button id",
    replies({ id: s(256) }),
    replies({ id: s(257) }),
    "interactive.action.buttons[0].reply.id",
    256,
  ],
  ["header text", replies({ header: s(60) }), replies({ header: s(61) }), "interactive.header.text", 60],
  ["body text", replies({ body: s(1024) }), replies({ body: s(1025) }), "interactive.body.text", 1024],
  ["footer text", replies({ footer: s(60) }), replies({ footer: s(61) }), "interactive.footer.text", 60],
  [
    "cta display_text",
    cta({ text: s(20) }),
    cta({ text: s(21) }),
    "interactive.action.parameters.display_text",
    20,
  ],
  [
    "cta url",
    cta({ url: `https://example.com/${s(1980)}` }),
    cta({ url: `https://example.com/${s(1981)}` }),
    "interactive.action.parameters.url",
    2000,
  ],
  ["list button", list({ button: s(20) }), list({ button: s(21) }), "interactive.action.button", 20],
  ["sections", list({ sections: 10 }), list({ sections: 11 }), "interactive.action.sections", 10],
  ["rows per section", list({ rows: 10 }), list({ rows: 11 }), "interactive.action.sections[0].rows", 10],
  [
    "row title",
    list({ title: s(24) }),
    list({ title: s(25) }),
    "interactive.action.sections[0].rows[0].title",
    24,
  ],
  [
    "row description",
    list({ description: s(72) }),
    list({ description: s(73) }),
    "interactive.action.sections[0].rows[0].description",
    72,
  ],
];

describe("POST /v1/whatsapp/messages: interactive limits, limit and limit + 1", () => {
  for (const [what, atLimit, over, field, limit] of LIMITS) {
    it(`${what}: ${limit} is sent as given; ${limit} + 1 → 400 WHATSAPP_INTERACTIVE_LIMIT_EXCEEDED on ${field}`, async () => {
      const { key, channel, to } = await readySender();
      const ok = await send(key, { to, type: "interactive", interactive: atLimit });
      expect(ok.status, ok.text).toBe(200);
      const accepted = await acceptedRequest(channel.phoneNumberId, ok.body.data.messageId);
      expect(accepted.result).toBe(200);
      expect(accepted.body.interactive).toEqual(atLimit);

      const res = await send(key, { to, type: "interactive", interactive: over });
      expectError(res, 400, "WHATSAPP_INTERACTIVE_LIMIT_EXCEEDED");
      expect(res.body.error.details).toMatchObject({ field, limit });
      expect(await upstreamRequests(channel.phoneNumberId, to)).toHaveLength(1);
    });
  }
});

describe("POST /v1/whatsapp/messages: interactive codes", () => {
  it("an unknown interactive.type → 400 WHATSAPP_INTERACTIVE_INVALID_TYPE", async () => {
    const { key, to } = await readySender({ closed: true });
    // `flow` is a type now (messages.flows.test.ts)
    for (const type of ["carousel", "product", "product_list"]) {
      const res = await send(key, { to, type: "interactive", interactive: { type, body: { text: "x" } } });
      expectError(res, 400, "WHATSAPP_INTERACTIVE_INVALID_TYPE");
    }
  });

  const missing: [string, AnyJson, string][] = [
    ["interactive.type", { body: { text: "x" }, action: { buttons: buttons(1) } }, "interactive.type"],
    ["body", { type: "button", action: { buttons: buttons(1) } }, "interactive.body"],
    [
      "body.text",
      { type: "list", body: {}, action: { button: "b", sections: [{ rows: rows(1, "r") }] } },
      "interactive.body.text",
    ],
    ["action", { type: "cta_url", body: { text: "x" } }, "interactive.action"],
    [
      "a reply title",
      { type: "button", body: { text: "x" }, action: { buttons: [{ type: "reply", reply: { id: "a" } }] } },
      "interactive.action.buttons[0].reply.title",
    ],
    [
      "cta url",
      { ...cta({}), action: { name: "cta_url", parameters: { display_text: "Go" } } },
      "interactive.action.parameters.url",
    ],
    [
      "the list button",
      { type: "list", body: { text: "x" }, action: { sections: [{ rows: rows(1, "r") }] } },
      "interactive.action.button",
    ],
  ];
  for (const [what, interactive, field] of missing) {
    it(`missing ${what} → 400 WHATSAPP_INTERACTIVE_MISSING_FIELD with details.field ${field}`, async () => {
      const { key, to } = await readySender({ closed: true });
      const res = await send(key, { to, type: "interactive", interactive });
      expectError(res, 400, "WHATSAPP_INTERACTIVE_MISSING_FIELD");
      expect(res.body.error.details.field).toBe(field);
    });
  }

  it("a cta url that is not HTTP(S) → 400 WHATSAPP_INTERACTIVE_INVALID_FIELD with details.hint", async () => {
    const { key, channel, to } = await readySender();
    for (const url of ["ftp://example.com/file", "javascript:alert(1)", "example.com/no-scheme"]) {
      const res = await send(key, { to, type: "interactive", interactive: cta({ url }) });
      expectError(res, 400, "WHATSAPP_INTERACTIVE_INVALID_FIELD");
      expect(res.body.error.details.field).toBe("interactive.action.parameters.url");
      expect(typeof res.body.error.details.hint).toBe("string");
      expect(res.body.error.details.hint.length).toBeGreaterThan(0);
    }
    // plain http is a valid call-to-action target (the contract: HTTP or HTTPS)
    const ok = await send(key, {
      to,
      type: "interactive",
      interactive: cta({ url: "http://example.com/o" }),
    });
    expect(ok.status, ok.text).toBe(200);
    expect(await upstreamRequests(channel.phoneNumberId, to)).toHaveLength(1);
  });

  it("the window applies to interactive messages: closed → 400 WHATSAPP_SESSION_CLOSED", async () => {
    const { key, to } = await readySender({ closed: true });
    const res = await send(key, { to, type: "interactive", interactive: replies({ n: 2 }) });
    expectError(res, 400, "WHATSAPP_SESSION_CLOSED");
  });
});
