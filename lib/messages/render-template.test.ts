import { describe, expect, it } from "vitest";
import { renderTemplate } from "@/lib/messages/render-template";
import { buildTemplateComponents, missingFields, templateForm } from "@/lib/messages/template-fields";

const orderShipped = [
  { type: "HEADER", format: "TEXT", text: "Order {{1}}", example: { header_text: ["A-1"] } },
  {
    type: "BODY",
    text: "Hi {{1}}, your order {{2}} has shipped.",
    example: { body_text: [["Ada", "A-1001"]] },
  },
  { type: "FOOTER", text: "Demo Company" },
];

const springOffer = [
  { type: "HEADER", format: "IMAGE", example: { header_handle: ["https://example.com/spring.jpg"] } },
  { type: "BODY", text: "Spring sale: {{1}} off everything this week.", example: { body_text: [["20%"]] } },
  {
    type: "BUTTONS",
    buttons: [
      { type: "QUICK_REPLY", text: "Yes, please" },
      { type: "URL", text: "View offer", url: "https://example.com/offers/{{1}}" },
    ],
  },
];

const named = [
  {
    type: "BODY",
    text: "Hi {{first_name}}, see you at {{time}}. Bye {{first_name}}!",
    example: { body_text_named_params: [{ param_name: "first_name", example: "Ada" }] },
  },
];

describe("renderTemplate", () => {
  it("fills header and body with the given values, never the examples", () => {
    const out = renderTemplate(orderShipped, [
      { type: "header", parameters: [{ type: "text", text: "K-42" }] },
      {
        type: "body",
        parameters: [
          { type: "text", text: "Alan" },
          { type: "text", text: "K-42" },
        ],
      },
    ]);
    expect(out).toEqual({
      header: "Order K-42",
      headerMedia: null,
      body: "Hi Alan, your order K-42 has shipped.",
      footer: "Demo Company",
      buttons: [],
      missing: [],
    });
  });

  it("leaves a variable without a value visible and lists it as missing", () => {
    const out = renderTemplate(orderShipped, [
      { type: "body", parameters: [{ type: "text", text: "Alan" }] },
    ]);
    expect(out.body).toBe("Hi Alan, your order {{2}} has shipped.");
    expect(out.header).toBe("Order {{1}}");
    expect(out.missing).toEqual(["header {{1}}", "body {{2}}"]);
    expect(JSON.stringify(out)).not.toContain("A-1001");
  });

  it("positional {{n}} takes the n-th parameter wherever it appears", () => {
    const out = renderTemplate(
      [{ type: "BODY", text: "{{2}} before {{1}}" }],
      [
        {
          type: "body",
          parameters: [
            { type: "text", text: "one" },
            { type: "text", text: "two" },
          ],
        },
      ],
    );
    expect(out.body).toBe("two before one");
  });

  it("named variables by name, each occurrence; currency and dates show their fallback", () => {
    const out = renderTemplate(
      named,
      [
        {
          type: "body",
          parameters: [
            { type: "date_time", date_time: { fallback_value: "10:00" }, parameter_name: "time" },
            { type: "text", text: "Grace", parameter_name: "first_name" },
          ],
        },
      ],
      "NAMED",
    );
    expect(out.body).toBe("Hi Grace, see you at 10:00. Bye Grace!");
  });

  it("a media header carries its link; a URL button its filled link", () => {
    const out = renderTemplate(springOffer, [
      { type: "header", parameters: [{ type: "image", image: { link: "https://cdn.test/a.jpg" } }] },
      { type: "body", parameters: [{ type: "text", text: "30%" }] },
      { type: "button", sub_type: "url", index: 1, parameters: [{ type: "text", text: "spring-30" }] },
    ]);
    expect(out.headerMedia).toEqual({ kind: "image", link: "https://cdn.test/a.jpg", filename: null });
    expect(out.body).toBe("Spring sale: 30% off everything this week.");
    expect(out.buttons).toEqual([
      { type: "QUICK_REPLY", text: "Yes, please", url: null },
      { type: "URL", text: "View offer", url: "https://example.com/offers/spring-30" },
    ]);
  });

  it("reads malformed stored components without throwing", () => {
    expect(renderTemplate("nonsense", []).body).toBeNull();
    expect(renderTemplate([null, 3, { type: 7 }, { type: "BODY", text: "ok" }], []).body).toBe("ok");
  });
});

describe("templateForm and buildTemplateComponents", () => {
  it("lists every value a template needs, with examples as placeholders only", () => {
    const form = templateForm(springOffer);
    expect(form.header).toEqual({ kind: "image", example: "" });
    expect(form.body).toEqual([{ name: "1", label: "Body {{1}}", example: "20%" }]);
    expect(form.buttons).toEqual([{ name: "1", label: "Link of “View offer”", example: "", index: 1 }]);
    expect(missingFields(form, { header: [], body: [], buttons: [] })).toEqual([
      "Header image link",
      "Body {{1}}",
      "Link of “View offer”",
    ]);
  });

  it("blank values are left out, never replaced by the example", () => {
    const components = buildTemplateComponents(orderShipped, "POSITIONAL", {
      header: [" "],
      body: ["Alan", ""],
      buttons: [],
    });
    expect(components).toEqual([{ type: "body", parameters: [{ type: "text", text: "Alan" }] }]);
  });

  it("builds components that render back to the typed text", () => {
    const values = { header: [], headerLink: "https://cdn.test/a.jpg", body: ["30%"], buttons: ["s-30"] };
    const components = buildTemplateComponents(springOffer, "POSITIONAL", values);
    const out = renderTemplate(springOffer, components);
    expect(out.missing).toEqual([]);
    expect(out.buttons[1]?.url).toBe("https://example.com/offers/s-30");
    const namedComponents = buildTemplateComponents(named, "NAMED", {
      header: [],
      body: ["Grace", "10:00"],
      buttons: [],
    });
    expect(namedComponents).toEqual([
      {
        type: "body",
        parameters: [
          { type: "text", text: "Grace", parameter_name: "first_name" },
          { type: "text", text: "10:00", parameter_name: "time" },
        ],
      },
    ]);
  });
});
