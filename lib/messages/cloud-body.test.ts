import { describe, expect, it } from "vitest";
import { toCloudBody } from "@/lib/messages/cloud-body";
import { validateSendMessage } from "@/lib/messages/validation/validate-send-message";

const MESSAGE_ID = "6f1d2c3b-4a59-4e8f-9a0b-1c2d3e4f5a6b";
const LINK = "https://cdn.example.com/file";

/** The body the Cloud API receives for a request body of ours. */
function cloud(body: Record<string, unknown>): Record<string, unknown> {
  return toCloudBody(validateSendMessage({ to: "+14155550123", ...body }, { allowLoopback: false }), {
    bizOpaqueCallbackData: MESSAGE_ID,
  });
}

const envelope = (type: string, content: unknown) => ({
  messaging_product: "whatsapp",
  recipient_type: "individual",
  to: "14155550123",
  type,
  [type]: content,
  biz_opaque_callback_data: MESSAGE_ID,
});

describe("toCloudBody: exactly the Cloud API request body for each of the eight types", () => {
  it("text, with preview_url defaulted", () => {
    expect(cloud({ type: "text", text: { body: "Hi" } })).toStrictEqual(
      envelope("text", { body: "Hi", preview_url: false }),
    );
    expect(cloud({ type: "text", text: { body: "https://x.io", preview_url: true } })).toStrictEqual(
      envelope("text", { body: "https://x.io", preview_url: true }),
    );
  });

  it("image, video and document with and without their optional fields", () => {
    expect(cloud({ type: "image", image: { link: LINK, caption: "A" } })).toStrictEqual(
      envelope("image", { link: LINK, caption: "A" }),
    );
    expect(cloud({ type: "image", image: { link: LINK } })).toStrictEqual(envelope("image", { link: LINK }));
    expect(cloud({ type: "video", video: { link: LINK, caption: "V" } })).toStrictEqual(
      envelope("video", { link: LINK, caption: "V" }),
    );
    expect(
      cloud({ type: "document", document: { link: LINK, caption: "D", filename: "a.pdf" } }),
    ).toStrictEqual(envelope("document", { link: LINK, caption: "D", filename: "a.pdf" }));
    expect(cloud({ type: "document", document: { link: LINK } })).toStrictEqual(
      envelope("document", { link: LINK }),
    );
  });

  it("audio, without a caption even when one was sent", () => {
    expect(cloud({ type: "audio", audio: { link: LINK, caption: "ignored" } })).toStrictEqual(
      envelope("audio", { link: LINK }),
    );
  });

  it("location", () => {
    const location = { latitude: 52.52, longitude: 13.405, name: "HQ", address: "Alexanderplatz 1" };
    expect(cloud({ type: "location", location })).toStrictEqual(envelope("location", location));
    expect(cloud({ type: "location", location: { latitude: 0, longitude: 0 } })).toStrictEqual(
      envelope("location", { latitude: 0, longitude: 0 }),
    );
  });

  it("template: lowercase types, sub_type, index as a string, parameters as given", () => {
    const template = {
      name: "order_update",
      language: { code: "en_US" },
      components: [
        { type: "HEADER", parameters: [{ type: "image", image: { link: LINK } }] },
        { type: "body", parameters: [{ type: "text", text: "Ann", parameter_name: "first_name" }] },
        { type: "button", sub_type: "URL", index: 1, parameters: [{ type: "text", text: "A-1" }] },
        {
          type: "button",
          sub_type: "quick_reply",
          index: "0",
          parameters: [{ type: "payload", payload: "STOP" }],
        },
      ],
    };
    expect(cloud({ type: "template", template })).toStrictEqual(
      envelope("template", {
        name: "order_update",
        language: { code: "en_US" },
        components: [
          { type: "header", parameters: [{ type: "image", image: { link: LINK } }] },
          { type: "body", parameters: [{ type: "text", text: "Ann", parameter_name: "first_name" }] },
          { type: "button", sub_type: "url", index: "1", parameters: [{ type: "text", text: "A-1" }] },
          {
            type: "button",
            sub_type: "quick_reply",
            index: "0",
            parameters: [{ type: "payload", payload: "STOP" }],
          },
        ],
      }),
    );
  });

  it("template without components leaves the key out", () => {
    const template = { name: "hello_world", language: { code: "en" } };
    expect(cloud({ type: "template", template })).toStrictEqual(envelope("template", template));
    expect(cloud({ type: "template", template: { ...template, components: [] } })).toStrictEqual(
      envelope("template", template),
    );
  });

  it("interactive as validated: buttons, list and cta_url", () => {
    const buttons = {
      type: "button",
      header: { type: "text", text: "Hi" },
      body: { text: "Pick" },
      footer: { text: "f" },
      action: { buttons: [{ type: "reply", reply: { id: "a", title: "A" } }] },
    };
    expect(cloud({ type: "interactive", interactive: { ...buttons, extra: 1 } })).toStrictEqual(
      envelope("interactive", buttons),
    );
    const list = {
      type: "list",
      body: { text: "Choose" },
      action: {
        button: "Open",
        sections: [{ title: "S", rows: [{ id: "r1", title: "Row", description: "d" }] }],
      },
    };
    expect(cloud({ type: "interactive", interactive: list })).toStrictEqual(envelope("interactive", list));
    const cta = {
      type: "cta_url",
      body: { text: "Go" },
      action: { parameters: { display_text: "Open", url: "https://a.io" } },
    };
    expect(cloud({ type: "interactive", interactive: cta })).toStrictEqual(
      envelope("interactive", { ...cta, action: { name: "cta_url", parameters: cta.action.parameters } }),
    );
  });

  it("sends the recipient as digits whatever form it was given in", () => {
    expect(cloud({ to: "4915123456789", type: "text", text: { body: "x" } }).to).toBe("4915123456789");
  });
});

describe("toCloudBody: a customer known only by business-scoped user id", () => {
  it("the user id goes in the top-level recipient, and no to is sent", () => {
    const input = validateSendMessage(
      { recipient: "US.13491208655302741918", type: "text", text: { body: "Hi" } },
      { allowLoopback: false },
    );
    const body = toCloudBody(input, { bizOpaqueCallbackData: MESSAGE_ID });
    const { to: _to, ...rest } = envelope("text", { body: "Hi", preview_url: false });
    expect(body).toStrictEqual({ ...rest, recipient: "US.13491208655302741918" });
    expect(body).not.toHaveProperty("to");
  });
});
