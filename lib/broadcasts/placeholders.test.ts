import { describe, expect, it } from "vitest";
import { findPlaceholders, parseText, renderComponents } from "@/lib/broadcasts/placeholders";
import type { TemplateComponentInput } from "@/lib/messages/message-schemas";

const body = (...texts: string[]): TemplateComponentInput[] => [
  { type: "body", parameters: texts.map((text) => ({ type: "text" as const, text })) },
];

describe("placeholders", () => {
  it("splits a text into literal pieces and placeholders with their fallbacks", () => {
    expect(parseText("Hi {{contact.name|there}}, code {{ variables.code }}!")).toEqual({
      pieces: [
        "Hi ",
        { key: "contact.name", fallback: "there" },
        ", code ",
        { key: "variables.code", fallback: null },
        "!",
      ],
      unknown: [],
    });
  });

  it("collects distinct keys in order of use; a key used once without fallback is required", () => {
    const use = findPlaceholders(
      body("{{contact.name|there}}", "{{contact.custom_fields.city}} {{contact.name}}", "plain"),
      "template.components",
    );
    expect(use).toEqual({
      keys: ["contact.name", "contact.custom_fields.city"],
      required: ["contact.custom_fields.city", "contact.name"],
      problems: [],
    });
  });

  it("names each unknown placeholder with its field", () => {
    const use = findPlaceholders(body("ok", "Hi {{contact.nickname}}", "{{1}}"), "template.components");
    expect(use.problems.map((p) => p.field)).toEqual([
      "template.components[0].parameters[1].text",
      "template.components[0].parameters[2].text",
    ]);
    expect(use.problems[0]?.message).toContain("{{contact.nickname}}");
    expect(use.keys).toEqual([]);
  });

  it("finds placeholders in quick-reply payloads, not in other parameter types", () => {
    const components: TemplateComponentInput[] = [
      {
        type: "button",
        sub_type: "quick_reply",
        index: 0,
        parameters: [{ type: "payload", payload: "stop-{{contact.phone}}" }],
      },
      { type: "body", parameters: [{ type: "date_time", date_time: { fallback_value: "{{x}}" } }] },
    ];
    expect(findPlaceholders(components, "c")).toMatchObject({ keys: ["contact.phone"], problems: [] });
  });

  it("renders values, falls back when a value is missing or blank, and flattens whitespace", () => {
    const keys = ["contact.name", "variables.code"];
    const rendered = renderComponents(
      body("Hi {{contact.name|there}}", "Code {{variables.code|none}}"),
      keys,
      ["  Ana \n Lima\t", "   "],
    );
    expect(rendered[0]?.parameters).toEqual([
      { type: "text", text: "Hi Ana Lima" },
      { type: "text", text: "Code none" },
    ]);
  });

  it("leaves components without placeholders untouched", () => {
    const components = body("no placeholders here");
    expect(renderComponents(components, [], [])).toBe(components);
  });
});
