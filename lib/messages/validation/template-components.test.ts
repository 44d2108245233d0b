import { describe, expect, it } from "vitest";
import { type ApiError, isApiError } from "@/lib/api/errors";
import {
  type CloudTemplateComponent,
  type StoredTemplateStructure,
  validateTemplateComponents,
} from "@/lib/messages/validation/template-components";
import { countTemplateVariables, templateVariables } from "@/lib/messages/validation/validate-template-text";

function errorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error("expected an ApiError");
}

const positional = (components: CloudTemplateComponent[]): StoredTemplateStructure => ({
  components,
  parameterFormat: "POSITIONAL",
});

/** Header and body with variables, a footer, and quick-reply, dynamic-URL and phone buttons. */
const ORDER = positional([
  { type: "HEADER", format: "TEXT", text: "Order {{1}}" },
  { type: "BODY", text: "Hi {{1}}, your order {{2}} ships on {{3}}." },
  { type: "FOOTER", text: "Reply STOP to opt out" },
  {
    type: "BUTTONS",
    buttons: [
      { type: "QUICK_REPLY", text: "Stop" },
      { type: "URL", text: "Track", url: "https://shop.example.com/track/{{1}}" },
      { type: "PHONE_NUMBER", text: "Call" },
      { type: "URL", text: "Shop", url: "https://shop.example.com" },
    ],
  },
]);
const NAMED: StoredTemplateStructure = {
  components: [{ type: "BODY", text: "Hi {{first_name}}, order {{ order_id }} is ready." }],
  parameterFormat: "NAMED",
};
const IMAGE_HEADER = positional([
  { type: "HEADER", format: "IMAGE" },
  { type: "BODY", text: "New arrivals" },
  { type: "BUTTONS", buttons: [{ type: "QUICK_REPLY", text: "Yes" }] },
]);
const TEXT_ONLY = positional([{ type: "BODY", text: "Welcome aboard" }]);

const text = (value: string, name?: string) => ({
  type: "text",
  text: value,
  ...(name ? { parameter_name: name } : {}),
});
const header = { type: "header", parameters: [text("A-1")] };
const body = { type: "body", parameters: [text("Ann"), text("A-1"), text("Monday")] };
const track = { type: "button", sub_type: "url", index: 1, parameters: [text("A-1")] };
const image = { type: "image", image: { link: "https://cdn.example.com/a.jpg" } };

const run = (components: unknown, stored: StoredTemplateStructure, allowLoopback = false) =>
  validateTemplateComponents(components, stored, { allowLoopback });
const failure = (components: unknown, stored: StoredTemplateStructure) =>
  errorOf(() => run(components, stored));
const problems = (components: unknown, stored: StoredTemplateStructure) => {
  const error = failure(components, stored);
  expect(error.code).toBe("WHATSAPP_TEMPLATE_INVALID_COMPONENTS");
  return error.details?.errors as { field: string; message: string }[];
};

describe("template variables", () => {
  it("finds positional and named variables, each once, in order", () => {
    expect(templateVariables("Hi {{1}}, {{2}} and {{1}} again")).toEqual(["1", "2"]);
    expect(templateVariables("Hi {{ first_name }}, order {{order_id}}")).toEqual(["first_name", "order_id"]);
    expect(templateVariables("No variables, {single} braces")).toEqual([]);
    expect(countTemplateVariables("{{1}} {{2}} {{3}}")).toBe(3);
    expect(countTemplateVariables("")).toBe(0);
  });
});

describe("valid components", () => {
  it("returns them normalized: lowercase types, numeric index", () => {
    const given = [
      { type: "HEADER", parameters: [text("A-1")] },
      { type: "Body", parameters: body.parameters },
      { type: "BUTTON", sub_type: "URL", index: "1", parameters: [{ type: "TEXT", text: "A-1" }] },
      {
        type: "button",
        sub_type: "quick_reply",
        index: 0,
        parameters: [{ type: "payload", payload: "STOP" }],
      },
    ];
    expect(run(given, ORDER)).toEqual([header, body, track, given[3]]);
  });

  it("takes its own output again unchanged (the handler re-checks what validateSendMessage parsed)", () => {
    const once = run(
      [header, { type: "BODY", parameters: body.parameters }, { ...track, index: "1" }],
      ORDER,
    );
    expect(run(once, ORDER)).toEqual(once);
  });

  it("a template without variables takes no components", () => {
    expect(run(undefined, TEXT_ONLY)).toEqual([]);
    expect(run([], TEXT_ONLY)).toEqual([]);
  });

  it("accepts every parameter shape of the contract and design.md", () => {
    const media = (format: string) => positional([{ type: "HEADER", format }]);
    const video = { type: "video", video: { link: "https://cdn.example.com/a.mp4" } };
    const doc = { type: "document", document: { link: "https://cdn.example.com/a.pdf", filename: "a.pdf" } };
    const location = {
      type: "location",
      location: { latitude: 1, longitude: 2, name: "HQ", address: "Main St" },
    };
    for (const [format, parameter] of [
      ["IMAGE", image],
      ["VIDEO", video],
      ["DOCUMENT", doc],
      ["LOCATION", location],
    ] as const) {
      expect(run([{ type: "header", parameters: [parameter] }], media(format))).toHaveLength(1);
    }
    const currency = {
      type: "currency",
      currency: { fallback_value: "$25.50", code: "USD", amount_1000: 25500 },
    };
    const date = { type: "date_time", date_time: { fallback_value: "May 1, 2026" } };
    const stored = positional([{ type: "BODY", text: "{{1}} {{2}} {{3}}" }]);
    expect(run([{ type: "body", parameters: [text("a"), currency, date] }], stored)[0]?.parameters).toEqual([
      text("a"),
      currency,
      date,
    ]);
  });

  it("allows loopback media only with ALLOW_LOOPBACK_URLS", () => {
    const loopback = [
      { type: "header", parameters: [{ type: "image", image: { link: "http://127.0.0.1:4010/a.jpg" } }] },
    ];
    expect(run(loopback, IMAGE_HEADER, true)).toHaveLength(1);
    expect(problems(loopback, IMAGE_HEADER)).toEqual([
      { field: "components[0].parameters[0].image.link", message: expect.any(String) },
    ]);
  });
});

describe("the two specific codes, thrown on their own", () => {
  it("a button without index is WHATSAPP_TEMPLATE_MISSING_BUTTON_INDEX", () => {
    const error = failure(
      [header, body, { type: "button", sub_type: "url", parameters: [text("x")] }],
      ORDER,
    );
    expect(error).toMatchObject({
      code: "WHATSAPP_TEMPLATE_MISSING_BUTTON_INDEX",
      details: { field: "components[2].index" },
    });
  });

  it.each([
    ["currency in a header", { type: "header", parameters: [{ type: "currency", currency: {} }] }],
    ["image in a body", { type: "body", parameters: [image] }],
    [
      "payload in a url button",
      { type: "button", sub_type: "url", index: 1, parameters: [{ type: "payload", payload: "x" }] },
    ],
    [
      "text in a quick_reply button",
      { type: "button", sub_type: "quick_reply", index: 0, parameters: [text("x")] },
    ],
    ["an unknown type", { type: "body", parameters: [{ type: "sticker" }] }],
  ])("%s is WHATSAPP_TEMPLATE_INVALID_PARAMETER_TYPE", (_name, component) => {
    const error = failure([component], ORDER);
    expect(error.code).toBe("WHATSAPP_TEMPLATE_INVALID_PARAMETER_TYPE");
    expect(error.details).toEqual({ field: "components[0].parameters[0].type", hint: expect.any(String) });
  });

  it("win over structural problems elsewhere, first found first", () => {
    const error = failure(
      [{ type: "footer" }, { type: "body", parameters: [image] }, { type: "button" }],
      ORDER,
    );
    expect(error.details?.field).toBe("components[1].parameters[0].type");
  });
});

describe("against the stored template: one WHATSAPP_TEMPLATE_INVALID_COMPONENTS with every problem", () => {
  it("body and header parameter counts must equal their variable counts", () => {
    const short = { type: "body", parameters: [text("Ann"), text("A-1")] };
    const long = { type: "header", parameters: [text("A-1"), text("extra")] };
    expect(problems([long, short, track], ORDER)).toEqual([
      { field: "components[0].parameters", message: expect.stringContaining("expected 1") },
      { field: "components[1].parameters", message: expect.stringContaining("expected 3") },
    ]);
  });

  it("no components for a template with variables names each missing component", () => {
    const fields = problems(undefined, ORDER).map((p) => p.field);
    expect(fields).toEqual(["components", "components", "components"]);
    expect(
      problems([], ORDER)
        .map((p) => p.message)
        .join(" | "),
    ).toMatch(/header.*body.*button 1/);
  });

  it("components for parts without variables are refused", () => {
    expect(problems([{ type: "body", parameters: [text("x")] }], TEXT_ONLY)).toEqual([
      { field: "components[0]", message: expect.stringContaining("no variables") },
    ]);
    expect(problems([header], TEXT_ONLY)[0]?.message).toContain("no header");
    expect(problems([header, header, body, track], ORDER)[0]).toMatchObject({ field: "components[1]" });
  });

  it("a media header needs exactly one parameter of its format", () => {
    expect(problems([], IMAGE_HEADER)).toEqual([
      { field: "components", message: expect.stringContaining("IMAGE header") },
    ]);
    const video = { type: "video", video: { link: "https://cdn.example.com/a.mp4" } };
    expect(problems([{ type: "header", parameters: [video] }], IMAGE_HEADER)[0]?.field).toBe(
      "components[0].parameters",
    );
    expect(problems([{ type: "header", parameters: [image, image] }], IMAGE_HEADER)[0]?.field).toBe(
      "components[0].parameters",
    );
    expect(problems([{ type: "header", parameters: [text("x")] }], IMAGE_HEADER)).toHaveLength(1);
  });

  it("a text header takes text parameters only", () => {
    expect(problems([{ type: "header", parameters: [image] }, body, track], ORDER)).toEqual([
      { field: "components[0].parameters[0].type", message: expect.any(String) },
    ]);
  });

  it("named templates need parameter_name matching the variables exactly, in any order", () => {
    const ok = [{ type: "body", parameters: [text("A-1", "order_id"), text("Ann", "first_name")] }];
    expect(run(ok, NAMED)).toEqual(ok);
    expect(problems([{ type: "body", parameters: [text("Ann", "first_name"), text("A-1")] }], NAMED)).toEqual(
      [
        { field: "components[0].parameters[1].parameter_name", message: expect.stringContaining("named") },
        { field: "components[0].parameters", message: expect.stringContaining("{{order_id}}") },
      ],
    );
    const wrong = [{ type: "body", parameters: [text("Ann", "first_name"), text("A-1", "order")] }];
    expect(problems(wrong, NAMED)[0]).toEqual({
      field: "components[0].parameters[1].parameter_name",
      message: expect.stringContaining("{{order}}"),
    });
    const twice = [{ type: "body", parameters: [text("Ann", "first_name"), text("Bob", "first_name")] }];
    expect(
      problems(twice, NAMED)
        .map((p) => p.message)
        .join(" | "),
    ).toMatch(/twice.*missing.*order_id/);
  });

  it("positional templates refuse parameter_name", () => {
    const named = { type: "body", parameters: [text("Ann", "name"), text("A-1"), text("Mon")] };
    expect(problems([header, named, track], ORDER)).toEqual([
      { field: "components[1].parameters[0].parameter_name", message: expect.any(String) },
    ]);
  });

  it("a button index must point at a button of the sub_type's kind, with a variable for url", () => {
    const button = (sub_type: string, index: number, parameters: unknown[]) => ({
      type: "button",
      sub_type,
      index,
      parameters,
    });
    const payload = { type: "payload", payload: "STOP" };
    const cases: [unknown, string, RegExp][] = [
      [button("url", 7, [text("x")]), "components[3].index", /no button at index 7/],
      [button("url", 0, [text("x")]), "components[3].sub_type", /QUICK_REPLY/],
      [button("quick_reply", 3, [payload]), "components[3].sub_type", /URL button; use sub_type url/],
      [button("url", 2, [text("x")]), "components[3].sub_type", /PHONE_NUMBER.*no parameters/],
      [button("url", 3, [text("x")]), "components[3]", /static URL/],
      [button("quick_reply", 0, [payload, payload]), "components[3].parameters", /takes 1/],
      [button("url", 1, [text("x")]), "components[3].index", /twice/],
    ];
    for (const [extra, field, message] of cases) {
      expect(problems([header, body, track, extra], ORDER)).toEqual([
        { field, message: expect.stringMatching(message) },
      ]);
    }
    expect(problems([header, body, button("url", 1, [text("a"), text("b")])], ORDER)[0]?.field).toBe(
      "components[2].parameters",
    );
  });

  it("collects shape problems too, with the field of each", () => {
    const given = [
      { type: "footer", parameters: [] },
      { type: "body", parameters: [{ type: "text" }] },
      {
        type: "body",
        parameters: [{ type: "currency", currency: { fallback_value: "$1", code: "usd", amount_1000: 1.5 } }],
      },
      { type: "header" },
      { type: "button", index: 0, parameters: [] },
    ];
    expect(problems(given, ORDER).map((p) => p.field)).toEqual([
      "components[0].type",
      "components[1].parameters[0].text",
      "components[2].parameters[0].currency.code",
      "components[2].parameters[0].currency.amount_1000",
      "components[3].parameters",
    ]);
    expect(problems([{ type: "button", index: 0, parameters: [] }], ORDER)).toEqual([
      { field: "components[0].sub_type", message: expect.any(String) },
    ]);
    expect(problems("body", ORDER)).toEqual([{ field: "components", message: expect.any(String) }]);
  });

  it("names fields under template.components when asked", () => {
    const error = errorOf(() =>
      validateTemplateComponents([], ORDER, { allowLoopback: false, field: "template.components" }),
    );
    expect(error.details?.errors).toEqual([
      { field: "template.components", message: expect.any(String) },
      expect.anything(),
      expect.anything(),
    ]);
  });
});
