import { describe, expect, it } from "vitest";
import { mapInboundContent } from "@/lib/inbound/map-inbound-content";
import { type InboundMessage, inboundMessageSchema } from "@/lib/inbound/notification-schema";

const ID = "3f0c1a52-8d4e-4c59-9a57-0d6f1f2b7c11";

/** A messages[] item as the Cloud API posts it, through our schema as the worker reads it. */
function upstream(item: Record<string, unknown>): InboundMessage {
  return inboundMessageSchema.parse({
    from: "4915123456789",
    id: "wamid.X",
    timestamp: "1700000000",
    ...item,
  });
}

const SHA = "pB2zEr1NcbYtSULNyf7n2AXZZWIjvu9ZnQhXZxxKVTQ=";

describe("mapInboundContent", () => {
  it("text → {text}", () => {
    expect(mapInboundContent(upstream({ type: "text", text: { body: "hi" } }), ID)).toStrictEqual({
      contentType: "text",
      content: { text: "hi" },
    });
  });

  it.each(["image", "video"] as const)(
    "%s → content.%s {id: messageId, mime_type, caption}, media to copy",
    (type) => {
      const mime = type === "image" ? "image/jpeg" : "video/mp4";
      const mapped = mapInboundContent(
        upstream({ type, [type]: { caption: "look", mime_type: mime, sha256: SHA, id: "1177" } }),
        ID,
      );
      expect(mapped).toStrictEqual({
        contentType: type,
        content: { [type]: { id: ID, mime_type: mime, caption: "look" } },
        media: { upstreamId: "1177", mimeType: mime, filename: undefined, sha256: SHA },
      });
    },
  );

  it("audio → content.audio {id, mime_type}: a caption from the upstream is dropped", () => {
    const mapped = mapInboundContent(
      upstream({
        type: "audio",
        audio: { mime_type: "audio/ogg; codecs=opus", sha256: SHA, id: "88", voice: true, caption: "x" },
      }),
      ID,
    );
    expect(mapped.contentType).toBe("audio");
    expect(mapped.content).toStrictEqual({ audio: { id: ID, mime_type: "audio/ogg; codecs=opus" } });
  });

  it("document → contentType file, content.document {id, mime_type, caption, filename}", () => {
    const mapped = mapInboundContent(
      upstream({
        type: "document",
        document: { caption: "c", filename: "a.pdf", mime_type: "application/pdf", sha256: SHA, id: "99" },
      }),
      ID,
    );
    expect(mapped).toStrictEqual({
      contentType: "file",
      content: { document: { id: ID, mime_type: "application/pdf", caption: "c", filename: "a.pdf" } },
      media: { upstreamId: "99", mimeType: "application/pdf", filename: "a.pdf", sha256: SHA },
    });
  });

  it("image without caption → no caption key; a media URL from the upstream never reaches the content", () => {
    const mapped = mapInboundContent(
      upstream({
        type: "image",
        image: {
          mime_type: "image/png",
          id: "5",
          url: "https://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=5",
        },
      }),
      ID,
    );
    expect(mapped.content).toStrictEqual({ image: { id: ID, mime_type: "image/png" } });
    expect(JSON.stringify(mapped.content)).not.toMatch(/https?:|lookaside/);
  });

  it("a media object without mime_type → application/octet-stream", () => {
    const mapped = mapInboundContent(upstream({ type: "video", video: { id: "6" } }), ID);
    expect(mapped.content).toStrictEqual({ video: { id: ID, mime_type: "application/octet-stream" } });
  });

  it("location → content.location {latitude, longitude, name, address}", () => {
    const location = { latitude: 52.52, longitude: 13.405, name: "Mitte", address: "Berlin" };
    expect(mapInboundContent(upstream({ type: "location", location }), ID)).toStrictEqual({
      contentType: "location",
      content: { location },
    });
    const bare = mapInboundContent(
      upstream({ type: "location", location: { latitude: 1, longitude: 2 } }),
      ID,
    );
    expect(JSON.parse(JSON.stringify(bare.content))).toStrictEqual({
      location: { latitude: 1, longitude: 2 },
    });
  });

  it("interactive button_reply → {type: 'button', reply: {id, title}}", () => {
    const mapped = mapInboundContent(
      upstream({
        type: "interactive",
        interactive: { type: "button_reply", button_reply: { id: "y", title: "Yes" } },
      }),
      ID,
    );
    expect(mapped).toStrictEqual({
      contentType: "interactive",
      content: { interactive: { type: "button", reply: { id: "y", title: "Yes" } } },
    });
  });

  it("interactive list_reply → {type: 'list', list_reply: {id, title, description}}", () => {
    const mapped = mapInboundContent(
      upstream({
        type: "interactive",
        interactive: { type: "list_reply", list_reply: { id: "r1", title: "Mon", description: "morning" } },
      }),
      ID,
    );
    expect(mapped).toStrictEqual({
      contentType: "interactive",
      content: {
        interactive: { type: "list", list_reply: { id: "r1", title: "Mon", description: "morning" } },
      },
    });
  });

  it("template quick reply (button) → {type: 'button', reply: {id: payload, title: text}}", () => {
    const mapped = mapInboundContent(
      upstream({ type: "button", button: { payload: "STOP", text: "Stop" } }),
      ID,
    );
    expect(mapped).toStrictEqual({
      contentType: "interactive",
      content: { interactive: { type: "button", reply: { id: "STOP", title: "Stop" } } },
    });
  });

  it("media objects never carry anything but id, mime_type, caption and filename", () => {
    for (const type of ["image", "audio", "video", "document"]) {
      const mapped = mapInboundContent(
        upstream({
          type,
          [type]: { id: "1", mime_type: "x/y", sha256: SHA, caption: "c", filename: "f", voice: false },
        }),
        ID,
      );
      const reference = (mapped.content as Record<string, Record<string, unknown>>)[type] ?? {};
      expect(
        Object.keys(reference).every((k) => ["id", "mime_type", "caption", "filename"].includes(k)),
      ).toBe(true);
      expect(reference.id).toBe(ID);
      expect("filename" in reference).toBe(type === "document");
    }
  });

  it("reaction → content.reaction {messageId of the reacted message, or null; emoji}", () => {
    const item = { type: "reaction", reaction: { message_id: "wamid.Y", emoji: "👍" } };
    expect(mapInboundContent(upstream(item), ID, "0b7e9a1c-2f4d-4e5a-8b6c-7d8e9f0a1b2c")).toStrictEqual({
      contentType: "reaction",
      content: { reaction: { messageId: "0b7e9a1c-2f4d-4e5a-8b6c-7d8e9f0a1b2c", emoji: "👍" } },
    });
    const removed = { type: "reaction", reaction: { message_id: "wamid.Y" } };
    expect(mapInboundContent(upstream(removed), ID).content).toStrictEqual({
      reaction: { messageId: null, emoji: "" },
    });
  });

  it("sticker → content.sticker {id: messageId, mime_type}, media to copy", () => {
    const item = {
      type: "sticker",
      sticker: { id: "7", mime_type: "image/webp", sha256: SHA, animated: false },
    };
    expect(mapInboundContent(upstream(item), ID)).toStrictEqual({
      contentType: "sticker",
      content: { sticker: { id: ID, mime_type: "image/webp" } },
      media: { upstreamId: "7", mimeType: "image/webp", filename: undefined, sha256: SHA },
    });
  });

  it("contacts → content.contacts, the cards as shared", () => {
    const cards = [
      { name: { formatted_name: "Ana Lima" }, phones: [{ phone: "+55 11 5555 0100", type: "CELL" }] },
    ];
    expect(mapInboundContent(upstream({ type: "contacts", contacts: cards }), ID)).toStrictEqual({
      contentType: "contacts",
      content: { contacts: cards },
    });
  });

  it.each([
    ["an invented type", { type: "hologram", hologram: {} }],
    ["a type without its object", { type: "text" }],
  ])("%s → unsupported, no media to copy", (_, item) => {
    const mapped = mapInboundContent(upstream(item), ID);
    expect(mapped.contentType).toBe("unsupported");
    expect(mapped.media).toBeUndefined();
  });
});
