import { describe, expect, it } from "vitest";
import { type ApiError, isApiError } from "@/lib/api/errors";
import { validateInteractive } from "@/lib/messages/validation/validate-interactive";

function errorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error("expected an ApiError");
}

type Json = Record<string, unknown>;
const validate = (value: unknown, allowLoopback = false) => validateInteractive(value, { allowLoopback });
const failure = (value: unknown, allowLoopback = false) => errorOf(() => validate(value, allowLoopback));

const reply = (i: number) => ({ type: "reply", reply: { id: `id-${i}`, title: `Option ${i}` } });
const row = (i: number) => ({ id: `row-${i}`, title: `Row ${i}`, description: "d" });
const buttons = (n = 2): Json => ({
  type: "button",
  header: { type: "text", text: "Header" },
  body: { text: "Pick one" },
  footer: { text: "Footer" },
  action: { buttons: Array.from({ length: n }, (_, i) => reply(i)) },
});
const list = (sections: number[] = [3]): Json => ({
  type: "list",
  header: { type: "text", text: "Menu" },
  body: { text: "Choose" },
  footer: { text: "Footer" },
  action: {
    button: "Open",
    sections: sections.map((rows, s) => ({
      title: `Section ${s}`,
      rows: Array.from({ length: rows }, (_, r) => row(s * 100 + r)),
    })),
  },
});
const cta = (url = "https://example.com/track"): Json => ({
  type: "cta_url",
  body: { text: "Track your order" },
  footer: { text: "Footer" },
  action: { name: "cta_url", parameters: { display_text: "Track", url } },
});

/** A deep copy of `base` with `value` at `path` (`undefined` deletes the key). */
function withValue(base: Json, path: (string | number)[], value: unknown): Json {
  const copy = structuredClone(base);
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1) ?? "";
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

const s = (n: number) => "x".repeat(n);
const sections = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `S${i}`, rows: [row(i)] }));
const url = (n: number) => `https://example.com/${s(n - 20)}`;

// [name, base, path, value at the limit, value one past it, field, limit]
const LIMITS: [string, Json, (string | number)[], unknown, unknown, string, number][] = [
  [
    "button: number of buttons",
    buttons(),
    ["action", "buttons"],
    [reply(0), reply(1), reply(2)],
    [reply(0), reply(1), reply(2), reply(3)],
    "interactive.action.buttons",
    3,
  ],
  [
    "button: reply.title",
    buttons(),
    ["action", "buttons", 0, "reply", "title"],
    s(20),
    s(21),
    "interactive.action.buttons[0].reply.title",
    20,
  ],
  [
    "button: reply.id",
    buttons(),
    ["action", "buttons", 1, "reply", "id"],
    s(256),
    s(257),
    "interactive.action.buttons[1].reply.id",
    256,
  ],
  ["button: header.text", buttons(), ["header", "text"], s(60), s(61), "interactive.header.text", 60],
  ["button: body.text", buttons(), ["body", "text"], s(1024), s(1025), "interactive.body.text", 1024],
  ["button: footer.text", buttons(), ["footer", "text"], s(60), s(61), "interactive.footer.text", 60],
  [
    "cta_url: display_text",
    cta(),
    ["action", "parameters", "display_text"],
    s(20),
    s(21),
    "interactive.action.parameters.display_text",
    20,
  ],
  [
    "cta_url: url",
    cta(),
    ["action", "parameters", "url"],
    url(2000),
    url(2001),
    "interactive.action.parameters.url",
    2000,
  ],
  ["cta_url: body.text", cta(), ["body", "text"], s(1024), s(1025), "interactive.body.text", 1024],
  ["cta_url: footer.text", cta(), ["footer", "text"], s(60), s(61), "interactive.footer.text", 60],
  ["list: action.button", list(), ["action", "button"], s(20), s(21), "interactive.action.button", 20],
  [
    "list: number of sections",
    list(),
    ["action", "sections"],
    sections(10),
    sections(11),
    "interactive.action.sections",
    10,
  ],
  [
    "list: rows per section",
    list(),
    ["action", "sections", 0, "rows"],
    Array.from({ length: 10 }, (_, i) => row(i)),
    Array.from({ length: 11 }, (_, i) => row(i)),
    "interactive.action.sections[0].rows",
    10,
  ],
  [
    "list: rows[].title",
    list(),
    ["action", "sections", 0, "rows", 2, "title"],
    s(24),
    s(25),
    "interactive.action.sections[0].rows[2].title",
    24,
  ],
  [
    "list: rows[].description",
    list(),
    ["action", "sections", 0, "rows", 0, "description"],
    s(72),
    s(73),
    "interactive.action.sections[0].rows[0].description",
    72,
  ],
  [
    "list: rows[].id",
    list(),
    ["action", "sections", 0, "rows", 1, "id"],
    s(256),
    s(257),
    "interactive.action.sections[0].rows[1].id",
    256,
  ],
  ["list: body.text", list(), ["body", "text"], s(1024), s(1025), "interactive.body.text", 1024],
  ["list: footer.text", list(), ["footer", "text"], s(60), s(61), "interactive.footer.text", 60],
  ["list: header.text", list(), ["header", "text"], s(60), s(61), "interactive.header.text", 60],
  [
    "list: section title (Cloud API)",
    list(),
    ["action", "sections", 0, "title"],
    s(24),
    s(25),
    "interactive.action.sections[0].title",
    24,
  ],
];

describe("every limit of the contract's tables: the limit passes, limit + 1 fails", () => {
  it.each(LIMITS)("%s", (_name, base, path, atLimit, overLimit, field, limit) => {
    const actual = Array.isArray(overLimit) ? overLimit.length : String(overLimit).length;
    expect(() => validate(withValue(base, path, atLimit))).not.toThrow();
    const error = failure(withValue(base, path, overLimit));
    expect(error.code).toBe("WHATSAPP_INTERACTIVE_LIMIT_EXCEEDED");
    expect(error.details).toEqual({ field, limit, actual, hint: expect.any(String) });
  });

  it("list: at most 10 rows across all sections (the Cloud API's total)", () => {
    expect(() => validate(list([5, 5]))).not.toThrow();
    expect(() => validate(list(Array(10).fill(1)))).not.toThrow();
    expect(failure(list([6, 5]))).toMatchObject({
      code: "WHATSAPP_INTERACTIVE_LIMIT_EXCEEDED",
      details: { field: "interactive.action.sections", limit: 10, actual: 11 },
    });
  });
});

describe("missing fields", () => {
  const MISSING: [string, Json, (string | number)[], unknown, string][] = [
    ["button: body", buttons(), ["body"], undefined, "interactive.body"],
    ["button: body.text", buttons(), ["body", "text"], undefined, "interactive.body.text"],
    ["button: empty body.text", buttons(), ["body", "text"], "", "interactive.body.text"],
    ["button: action", buttons(), ["action"], undefined, "interactive.action"],
    ["button: action.buttons", buttons(), ["action", "buttons"], undefined, "interactive.action.buttons"],
    ["button: no buttons", buttons(), ["action", "buttons"], [], "interactive.action.buttons"],
    [
      "button: reply",
      buttons(),
      ["action", "buttons", 0, "reply"],
      undefined,
      "interactive.action.buttons[0].reply",
    ],
    [
      "button: reply.id",
      buttons(),
      ["action", "buttons", 1, "reply", "id"],
      undefined,
      "interactive.action.buttons[1].reply.id",
    ],
    [
      "button: empty reply.title",
      buttons(),
      ["action", "buttons", 0, "reply", "title"],
      "",
      "interactive.action.buttons[0].reply.title",
    ],
    ["button: header.type", buttons(), ["header", "type"], undefined, "interactive.header.type"],
    ["button: footer.text", buttons(), ["footer", "text"], undefined, "interactive.footer.text"],
    ["list: action.button", list(), ["action", "button"], undefined, "interactive.action.button"],
    ["list: no sections", list(), ["action", "sections"], [], "interactive.action.sections"],
    [
      "list: rows",
      list(),
      ["action", "sections", 0, "rows"],
      undefined,
      "interactive.action.sections[0].rows",
    ],
    [
      "list: row id",
      list(),
      ["action", "sections", 0, "rows", 0, "id"],
      undefined,
      "interactive.action.sections[0].rows[0].id",
    ],
    [
      "list: row title",
      list(),
      ["action", "sections", 0, "rows", 1, "title"],
      null,
      "interactive.action.sections[0].rows[1].title",
    ],
    [
      "list: section title when several",
      list([1, 1]),
      ["action", "sections", 1, "title"],
      undefined,
      "interactive.action.sections[1].title",
    ],
    ["cta_url: parameters", cta(), ["action", "parameters"], undefined, "interactive.action.parameters"],
    [
      "cta_url: display_text",
      cta(),
      ["action", "parameters", "display_text"],
      undefined,
      "interactive.action.parameters.display_text",
    ],
    ["cta_url: url", cta(), ["action", "parameters", "url"], "", "interactive.action.parameters.url"],
    ["cta_url: body", cta(), ["body"], undefined, "interactive.body"],
  ];

  it.each(MISSING)("%s → WHATSAPP_INTERACTIVE_MISSING_FIELD", (_name, base, path, value, field) => {
    const error = failure(withValue(base, path, value));
    expect(error.code).toBe("WHATSAPP_INTERACTIVE_MISSING_FIELD");
    expect(error.details).toMatchObject({ field });
  });

  it("a missing interactive.type is MISSING_FIELD, an unknown one INVALID_TYPE", () => {
    expect(failure(withValue(buttons(), ["type"], undefined))).toMatchObject({
      code: "WHATSAPP_INTERACTIVE_MISSING_FIELD",
      details: { field: "interactive.type" },
    });
    for (const type of ["carousel", "product", 3, "BUTTON"]) {
      expect(failure(withValue(buttons(), ["type"], type))).toMatchObject({
        code: "WHATSAPP_INTERACTIVE_INVALID_TYPE",
        details: { field: "interactive.type" },
      });
    }
  });

  it("optional parts may be left out: header, footer, a single section's title, row description", () => {
    const minimal = {
      type: "button",
      body: { text: "x" },
      action: { buttons: [{ reply: { id: "a", title: "A" } }] },
    };
    expect(validate(minimal)).toEqual({
      ...minimal,
      action: { buttons: [{ type: "reply", reply: { id: "a", title: "A" } }] },
    });
    const oneSection = {
      type: "list",
      body: { text: "x" },
      action: { button: "Open", sections: [{ rows: [{ id: "a", title: "A" }] }] },
    };
    expect(validate(oneSection)).toEqual(oneSection);
    const link = {
      type: "cta_url",
      body: { text: "x" },
      action: { parameters: { display_text: "Go", url: "https://a.io" } },
    };
    expect(validate(link)).toEqual({
      ...link,
      action: { name: "cta_url", parameters: link.action.parameters },
    });
  });
});

describe("invalid formats → WHATSAPP_INTERACTIVE_INVALID_FIELD with a hint", () => {
  const INVALID: [string, Json, (string | number)[], unknown, string][] = [
    [
      "button type other than reply",
      buttons(),
      ["action", "buttons", 0, "type"],
      "url",
      "interactive.action.buttons[0].type",
    ],
    [
      "duplicate reply ids",
      buttons(),
      ["action", "buttons", 1, "reply", "id"],
      "id-0",
      "interactive.action.buttons[1].reply.id",
    ],
    ["unknown header type", buttons(), ["header", "type"], "sticker", "interactive.header.type"],
    [
      "a list header other than text",
      list(),
      ["header"],
      { type: "image", image: { link: "https://a.io/x.png" } },
      "interactive.header.type",
    ],
    [
      "non-HTTP cta url",
      cta(),
      ["action", "parameters", "url"],
      "ftp://example.com/file",
      "interactive.action.parameters.url",
    ],
    [
      "javascript: cta url",
      cta(),
      ["action", "parameters", "url"],
      "javascript:alert(1)",
      "interactive.action.parameters.url",
    ],
    [
      "relative cta url",
      cta(),
      ["action", "parameters", "url"],
      "/track/1",
      "interactive.action.parameters.url",
    ],
    ["action.name other than cta_url", cta(), ["action", "name"], "link", "interactive.action.name"],
    ["body.text not a string", buttons(), ["body", "text"], 42, "interactive.body.text"],
    ["buttons not an array", buttons(), ["action", "buttons"], { a: 1 }, "interactive.action.buttons"],
    [
      "http media header link",
      buttons(),
      ["header"],
      { type: "image", image: { link: "http://cdn.example.com/a.png" } },
      "interactive.header.image.link",
    ],
    [
      "loopback media header link",
      cta(),
      ["header"],
      { type: "video", video: { link: "https://127.0.0.1/a.mp4" } },
      "interactive.header.video.link",
    ],
  ];

  it.each(INVALID)("%s", (_name, base, path, value, field) => {
    const error = failure(withValue(base, path, value));
    expect(error.code).toBe("WHATSAPP_INTERACTIVE_INVALID_FIELD");
    expect(error.details).toMatchObject({ field });
    expect(typeof error.details?.hint).toBe("string");
  });

  it("duplicate row ids across sections", () => {
    const value = list([1, 1]);
    const error = failure(withValue(value, ["action", "sections", 1, "rows", 0, "id"], "row-0"));
    expect(error).toMatchObject({
      code: "WHATSAPP_INTERACTIVE_INVALID_FIELD",
      details: { field: "interactive.action.sections[1].rows[0].id" },
    });
  });

  it("an interactive that is not an object", () => {
    expect(failure("button").code).toBe("WHATSAPP_INTERACTIVE_INVALID_FIELD");
    expect(failure(undefined)).toMatchObject({
      code: "WHATSAPP_INTERACTIVE_MISSING_FIELD",
      details: { field: "interactive" },
    });
  });
});

describe("headers and output", () => {
  it("accepts text, image, video and document headers (cta_url and button) and http cta urls", () => {
    for (const header of [
      { type: "image", image: { link: "https://cdn.example.com/a.png" } },
      { type: "video", video: { link: "https://cdn.example.com/a.mp4" } },
      { type: "document", document: { link: "https://cdn.example.com/a.pdf", filename: "a.pdf" } },
    ]) {
      expect(validate({ ...buttons(), header }).header).toEqual(header);
      expect(validate({ ...cta(), header }).header).toEqual(header);
    }
    expect(validate(cta("http://example.com/x")).type).toBe("cta_url");
  });

  it("allows loopback media headers only with ALLOW_LOOPBACK_URLS", () => {
    const header = { type: "image", image: { link: "http://127.0.0.1:4010/_sandbox/media/sample.png" } };
    expect(validate({ ...buttons(), header }, true).header).toEqual(header);
    expect(failure({ ...buttons(), header }).details?.field).toBe("interactive.header.image.link");
  });

  it("drops unknown fields, keeping exactly the Cloud API shape", () => {
    const value = { ...buttons(1), extra: 1, body: { text: "b", x: 2 } };
    expect(validate(value)).toEqual({ ...buttons(1), body: { text: "b" } });
  });
});

describe("interactive flow (Meta's Sending a Flow)", () => {
  const flow = (parameters: Json = {}): Json => ({
    type: "flow",
    body: { text: "Book" },
    action: { name: "flow", parameters: { flow_id: "123", flow_cta: "Book now", ...parameters } },
  });

  it("fills Meta's defaults: flow_message_version 3, navigate", () => {
    expect(validate(flow({ flow_action_payload: { screen: "A", data: { x: 1 } } }))).toEqual({
      type: "flow",
      body: { text: "Book" },
      action: {
        name: "flow",
        parameters: {
          flow_message_version: "3",
          flow_id: "123",
          flow_cta: "Book now",
          flow_action: "navigate",
          flow_action_payload: { screen: "A", data: { x: 1 } },
        },
      },
    });
  });

  it("wants exactly one of flow_id and flow_name, a cta of 20 characters at most, no payload with data_exchange", () => {
    expect(failure(flow({ flow_id: undefined })).details).toMatchObject({
      field: "interactive.action.parameters.flow_id",
    });
    expect(failure(flow({ flow_name: "booking" })).details).toMatchObject({
      field: "interactive.action.parameters.flow_name",
    });
    expect(failure(flow({ flow_cta: "x".repeat(21) })).code).toBe("WHATSAPP_INTERACTIVE_LIMIT_EXCEEDED");
    expect(
      failure(flow({ flow_action: "data_exchange", flow_action_payload: { screen: "A" } })).details,
    ).toMatchObject({ field: "interactive.action.parameters.flow_action_payload" });
    expect(failure(flow({ mode: "live" })).code).toBe("WHATSAPP_INTERACTIVE_INVALID_FIELD");
  });
});
