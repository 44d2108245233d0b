import { describe, expect, it } from "vitest";
import { buildComponents, matchColumns, slotsOf } from "@/lib/broadcasts/template-slots";

describe("template slots", () => {
  it("finds header, body and URL-button variables and builds positional components", () => {
    const slots = slotsOf([
      { type: "HEADER", format: "TEXT", text: "Order {{1}}" },
      { type: "BODY", text: "Hi {{1}}, order {{2}} ({{1}})" },
      {
        type: "BUTTONS",
        buttons: [
          { type: "QUICK_REPLY", text: "Ok" },
          { type: "URL", text: "Track", url: "https://x.example/{{1}}" },
        ],
      },
    ]);
    expect(slots.map((s) => s.id)).toEqual(["header:1", "body:1", "body:2", "button:1"]);
    const components = buildComponents(slots, {
      "header:1": { kind: "column", column: "order id", fallback: "" },
      "body:1": { kind: "contact", field: "name", fallback: "there" },
      "body:2": { kind: "text", text: "A-1" },
      "button:1": { kind: "contact", field: "custom_fields.code", fallback: "" },
    });
    expect(components).toEqual([
      { type: "header", parameters: [{ type: "text", text: "{{variables.order id}}" }] },
      {
        type: "body",
        parameters: [
          { type: "text", text: "{{contact.name|there}}" },
          { type: "text", text: "A-1" },
        ],
      },
      {
        type: "button",
        sub_type: "url",
        index: 1,
        parameters: [{ type: "text", text: "{{contact.custom_fields.code}}" }],
      },
    ]);
  });

  it("names parameters for named templates, and takes a media header's link", () => {
    const slots = slotsOf([
      { type: "HEADER", format: "IMAGE" },
      { type: "BODY", text: "Hi {{first_name}}" },
    ]);
    expect(
      buildComponents(slots, {
        "header:media": { kind: "text", text: "https://cdn.example/a.jpg" },
        "body:first_name": { kind: "contact", field: "name", fallback: "" },
      }),
    ).toEqual([
      { type: "header", parameters: [{ type: "image", image: { link: "https://cdn.example/a.jpg" } }] },
      {
        type: "body",
        parameters: [{ type: "text", text: "{{contact.name}}", parameter_name: "first_name" }],
      },
    ]);
  });
});

describe("matchColumns: CSV columns named like a variable become its source", () => {
  const slots = slotsOf([
    { type: "HEADER", format: "TEXT", text: "Store {{store}}" },
    { type: "BODY", text: "Hi {{first_name}}, parcel {{parcel}} at {{store}}" },
    { type: "BUTTONS", buttons: [{ type: "URL", text: "Track", url: "https://x.example/{{1}}" }] },
  ]);

  it("by the variable's name or the slot's label, any case; a chosen source stays", () => {
    const sources = matchColumns(slots, ["phone", "First_Name", "Body {{parcel}}", "1", "other"], {
      "header:store": { kind: "text", text: "Faro" },
    });
    expect(sources).toEqual({
      "header:store": { kind: "text", text: "Faro" },
      "body:first_name": { kind: "column", column: "First_Name", fallback: "" },
      "body:parcel": { kind: "column", column: "Body {{parcel}}", fallback: "" },
      "button:0": { kind: "column", column: "1", fallback: "" },
    });
  });

  it("leaves a slot no column names without a source", () => {
    expect(matchColumns(slots, ["phone", "name"], {})).toEqual({});
  });
});
