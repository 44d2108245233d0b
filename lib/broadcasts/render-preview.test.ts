import { describe, expect, it } from "vitest";
import { renderPreview } from "@/lib/broadcasts/render-preview";

describe("renderPreview", () => {
  it("puts positional parameters into header and body; footer and buttons as stored", () => {
    const text = renderPreview(
      {
        parameterFormat: "POSITIONAL",
        components: [
          { type: "HEADER", format: "TEXT", text: "Order {{1}}" },
          { type: "BODY", text: "Hi {{1}}, your order {{2}} has shipped." },
          { type: "FOOTER", text: "Reply STOP to opt out" },
          { type: "BUTTONS", buttons: [{ type: "QUICK_REPLY", text: "Thanks" }] },
        ],
      },
      [
        { type: "header", parameters: [{ type: "text", text: "A-7" }] },
        {
          type: "body",
          parameters: [
            { type: "text", text: "Ana" },
            { type: "currency", currency: { fallback_value: "$5", code: "USD", amount_1000: 5000 } },
          ],
        },
      ],
    );
    expect(text).toEqual({
      header: "Order A-7",
      headerMedia: null,
      body: "Hi Ana, your order $5 has shipped.",
      footer: "Reply STOP to opt out",
      buttons: ["Thanks"],
    });
  });

  it("fills named variables by parameter_name and names a media header", () => {
    const text = renderPreview(
      {
        parameterFormat: "NAMED",
        components: [
          { type: "HEADER", format: "IMAGE" },
          { type: "BODY", text: "Welcome {{first_name}}, {{code}}." },
        ],
      },
      [
        {
          type: "body",
          parameters: [
            { type: "text", text: "K-42", parameter_name: "code" },
            { type: "text", text: "Ana", parameter_name: "first_name" },
          ],
        },
      ],
    );
    expect(text).toMatchObject({ header: null, headerMedia: "IMAGE", body: "Welcome Ana, K-42." });
  });
});
