import { describe, expect, it } from "vitest";
import { humanizeKey, previewText, toContentView } from "@/lib/conversations/message-view";

describe("toContentView", () => {
  it("reads inbound text and outbound text requests", () => {
    expect(toContentView("text", { text: "hi" })).toEqual({ kind: "text", text: "hi" });
    const outbound = { request: { type: "text", to: "+1", text: { body: "hello" } }, cloud: {} };
    expect(toContentView("text", outbound)).toEqual({ kind: "text", text: "hello" });
  });

  it("reads media references without links inbound and with links outbound", () => {
    const inbound = toContentView("file", {
      document: { id: "m1", mime_type: "application/pdf", filename: "a.pdf" },
    });
    expect(inbound).toMatchObject({ kind: "media", media: "document", filename: "a.pdf", link: null });
    const outbound = toContentView("image", {
      request: { image: { link: "https://x/y.png", caption: "c" } },
    });
    expect(outbound).toMatchObject({ kind: "media", media: "image", caption: "c", link: "https://x/y.png" });
    expect(previewText(outbound)).toBe("image: c");
  });

  it("reads reactions (sent and received, removed) and shared contacts as a line of text", () => {
    expect(toContentView("reaction", { reaction: { messageId: null, emoji: "👍" } })).toEqual({
      kind: "text",
      text: "Reacted 👍",
    });
    expect(
      toContentView("reaction", { request: { reaction: { message_id: "wamid.X", emoji: "" } } }),
    ).toEqual({
      kind: "text",
      text: "Removed a reaction",
    });
    const cards = { contacts: [{ name: { formatted_name: "Ana Lima" } }, { phones: [] }] };
    expect(toContentView("contacts", cards)).toEqual({ kind: "text", text: "Shared Ana Lima, a contact" });
  });

  it("reads replies, outbound interactive messages and templates", () => {
    const reply = toContentView("interactive", {
      interactive: { type: "button", reply: { id: "y", title: "Yes" } },
    });
    expect(previewText(reply)).toBe("Pressed a button: Yes");
    const buttons = toContentView("interactive", {
      request: {
        interactive: {
          type: "button",
          body: { text: "Pick one" },
          action: { buttons: [{ type: "reply", reply: { id: "a", title: "A" } }] },
        },
      },
    });
    expect(buttons).toEqual({ kind: "interactive", text: "Pick one", options: ["A"] });
    const tpl = toContentView("template", {
      request: {
        template: {
          name: "order",
          language: { code: "en_US" },
          components: [{ type: "body", parameters: [{ type: "text", text: "42" }] }],
        },
      },
    });
    expect(tpl).toEqual({
      kind: "template",
      name: "order",
      language: "en_US",
      parameters: ["42"],
      rendered: null,
      headerMedia: null,
    });
    expect(previewText(tpl)).toBe("Template order");
  });

  it("a template message stored with its text shows that text, its media header and buttons", () => {
    const content = {
      request: {
        template: {
          name: "spring_offer",
          language: { code: "en_US" },
          components: [
            { type: "header", parameters: [{ type: "image", image: { link: "https://cdn.test/a.jpg" } }] },
            { type: "body", parameters: [{ type: "text", text: "30%" }] },
          ],
        },
      },
    };
    const view = toContentView("template", content, {
      renderedHeader: null,
      renderedBody: "Spring sale: 30% off everything this week.",
      renderedFooter: "Demo Company",
      renderedButtons: [
        { type: "URL", text: "View offer", url: "https://example.com/offers/s-30" },
        { bad: 1 },
      ],
    });
    expect(view).toMatchObject({
      kind: "template",
      rendered: {
        header: null,
        body: "Spring sale: 30% off everything this week.",
        footer: "Demo Company",
        buttons: [{ text: "View offer", url: "https://example.com/offers/s-30" }],
      },
      headerMedia: { media: "image", link: "https://cdn.test/a.jpg" },
    });
    expect(previewText(view)).toBe("Spring sale: 30% off everything this week.");
  });

  it("falls back to the type for anything else", () => {
    expect(toContentView("unsupported", { type: "reaction" })).toEqual({
      kind: "unsupported",
      type: "reaction",
    });
    expect(toContentView("sticker", null)).toEqual({ kind: "unsupported", type: "sticker" });
  });
});

describe("WhatsApp Flows in the thread", () => {
  it("shows a sent Flow as its body and 'Form sent: <cta>'", () => {
    const request = {
      type: "interactive",
      interactive: {
        type: "flow",
        body: { text: "Book your visit" },
        action: { name: "flow", parameters: { flow_cta: "Book now", flow_token: "t" } },
      },
    };
    const view = toContentView("interactive", { request, cloud: {} });
    expect(view).toEqual({ kind: "flow", text: "Book your visit", cta: "Book now" });
    expect(previewText(view)).toBe("Form sent: Book now");
  });

  it("shows a completed Flow as label: value lines with humanized keys, never JSON", () => {
    const content = {
      interactive: {
        type: "flow",
        body: "Sent",
        flow_response: {
          flow_token: "t",
          fields: {
            screen_0_First_name_0: "Ana",
            preferredDate: "2026-12-01",
            notify_me: true,
            slots: ["9", "10"],
          },
          message_id: null,
          broadcast_id: null,
          malformed: false,
        },
      },
    };
    expect(toContentView("interactive", content)).toEqual({
      kind: "flowAnswer",
      raw: null,
      fields: [
        { label: "First name", value: "Ana" },
        { label: "Preferred date", value: "2026-12-01" },
        { label: "Notify me", value: "Yes" },
        { label: "Slots", value: "9, 10" },
      ],
    });
    expect(humanizeKey("flow-rating")).toBe("Flow rating");
  });

  it("shows a malformed answer's raw text", () => {
    const content = {
      interactive: { type: "flow", flow_response: { malformed: true, response_json: "{oops", fields: {} } },
    };
    expect(toContentView("interactive", content)).toEqual({ kind: "flowAnswer", fields: [], raw: "{oops" });
  });
});
