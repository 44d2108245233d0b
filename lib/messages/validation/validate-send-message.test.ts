import { afterEach, describe, expect, it, vi } from "vitest";
import { type ApiError, isApiError } from "@/lib/api/errors";
import { MESSAGE_TYPES } from "@/lib/messages/message-schemas";
import { validateSendMessage } from "@/lib/messages/validation/validate-send-message";

const TO = "+14155550123";
const strict = { allowLoopback: false };
const loose = { allowLoopback: true };

function errorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error("expected an ApiError");
}

const send = (body: Record<string, unknown>, options = strict) => validateSendMessage(body, options);
const failure = (body: Record<string, unknown>, options = strict) => errorOf(() => send(body, options));

describe("common fields", () => {
  it("requires to, also when empty", () => {
    expect(failure({ type: "text", text: { body: "hi" } })).toMatchObject({
      code: "VALIDATION_MISSING_FIELD",
      details: { field: "to" },
    });
    expect(failure({ to: "", type: "text", text: { body: "hi" } }).code).toBe("VALIDATION_MISSING_FIELD");
  });

  it("takes recipient (a business-scoped user id) in place of to", () => {
    const input = send({ recipient: " US.13491208655302741918 ", type: "text", text: { body: "hi" } });
    expect(input).toMatchObject({ recipient: "US.13491208655302741918", type: "text" });
    expect(input.to).toBeUndefined();
    // a blank or null `to` is no phone number: the recipient is used
    expect(send({ to: "", recipient: "US.1", type: "text", text: { body: "hi" } }).recipient).toBe("US.1");
    expect(send({ to: null, recipient: "US.1", type: "text", text: { body: "hi" } }).recipient).toBe("US.1");
  });

  it("to wins when both are given: the recipient is dropped, even an invalid one", () => {
    const input = send({ to: TO, recipient: "US.1", type: "text", text: { body: "hi" } });
    expect(input.to).toBe(TO);
    expect(input).not.toHaveProperty("recipient");
    expect(send({ to: TO, recipient: "has space", type: "text", text: { body: "hi" } }).to).toBe(TO);
    // an invalid `to` is reported on to, not replaced by the recipient
    expect(
      failure({ to: "015123456789", recipient: "US.1", type: "text", text: { body: "hi" } }),
    ).toMatchObject({
      code: "VALIDATION_INVALID_PHONE",
      details: { field: "to" },
    });
  });

  it("neither to nor recipient (or an empty recipient) → the missing to, as before", () => {
    for (const recipient of [undefined, null, ""]) {
      expect(failure({ recipient, type: "text", text: { body: "hi" } })).toMatchObject({
        code: "VALIDATION_MISSING_FIELD",
        details: { field: "to" },
      });
    }
  });

  it("a recipient with spaces, control characters or over 128 characters → VALIDATION_INVALID_FIELD on recipient", () => {
    for (const recipient of ["US 1", "US.\u00001", "x".repeat(129), 42]) {
      expect(failure({ recipient, type: "text", text: { body: "hi" } })).toMatchObject({
        code: "VALIDATION_INVALID_FIELD",
        details: { field: "recipient" },
      });
    }
  });

  it("refuses phone numbers outside E.164 and normalizes the rest to +", () => {
    for (const to of ["015123456789", "+1 415 555 0123", "+1-415-555-0123", "abc"]) {
      expect(failure({ to, type: "text", text: { body: "hi" } })).toMatchObject({
        code: "VALIDATION_INVALID_PHONE",
        details: { field: "to" },
      });
    }
    expect(send({ to: "14155550123", type: "text", text: { body: "hi" } }).to).toBe(TO);
    expect(send({ to: TO, type: "text", text: { body: "hi" } }).to).toBe(TO);
  });

  it("requires type and names the eight types when it is unknown", () => {
    expect(failure({ to: TO })).toMatchObject({
      code: "VALIDATION_MISSING_FIELD",
      details: { field: "type" },
    });
    const error = failure({ to: TO, type: "sticker", sticker: {} });
    expect(error).toMatchObject({ code: "VALIDATION_INVALID_FIELD", details: { field: "type" } });
    for (const type of MESSAGE_TYPES) expect(error.details?.hint).toContain(type);
  });

  it("takes an optional channel_id; one that is no channel is left to the channel lookup (404)", () => {
    const channel = "3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60";
    expect(send({ to: TO, type: "text", text: { body: "hi" }, channel_id: channel }).channel_id).toBe(
      channel,
    );
    expect(send({ to: TO, type: "text", text: { body: "hi" } }).channel_id).toBeUndefined();
    // the contract: an invalid channel_id is WHATSAPP_CHANNEL_NOT_FOUND, answered by resolveSendChannel
    expect(send({ to: TO, type: "text", text: { body: "hi" }, channel_id: "chan-1" }).channel_id).toBe(
      "chan-1",
    );
    expect(failure({ to: TO, type: "text", text: { body: "hi" }, channel_id: 42 })).toMatchObject({
      code: "VALIDATION_INVALID_FIELD",
      details: { field: "channel_id" },
    });
  });

  it.each(MESSAGE_TYPES)("a %s message without its object misses the field named after the type", (type) => {
    expect(failure({ to: TO, type })).toMatchObject({
      code: "VALIDATION_MISSING_FIELD",
      details: { field: type },
    });
    expect(failure({ to: TO, type, [type]: null }).details?.field).toBe(type);
  });

  it("ignores unknown fields", () => {
    const input = send({ to: TO, type: "text", text: { body: "hi", extra: 1 }, extra: true });
    expect(input).toEqual({ to: TO, type: "text", text: { body: "hi", preview_url: false } });
  });
});

describe("text", () => {
  it("requires text.body, also when empty", () => {
    expect(failure({ to: TO, type: "text", text: {} }).details).toMatchObject({ field: "text.body" });
    expect(failure({ to: TO, type: "text", text: { body: "" } })).toMatchObject({
      code: "VALIDATION_MISSING_FIELD",
      details: { field: "text.body" },
    });
  });

  it("accepts 4096 characters and refuses 4097", () => {
    expect(send({ to: TO, type: "text", text: { body: "a".repeat(4096) } }).type).toBe("text");
    expect(failure({ to: TO, type: "text", text: { body: "a".repeat(4097) } })).toMatchObject({
      code: "VALIDATION_INVALID_FIELD",
      details: { field: "text.body", limit: 4096, actual: 4097 },
    });
  });

  it("defaults preview_url to false and requires a boolean", () => {
    expect(send({ to: TO, type: "text", text: { body: "x", preview_url: true } })).toMatchObject({
      text: { preview_url: true },
    });
    expect(failure({ to: TO, type: "text", text: { body: "x", preview_url: "yes" } })).toMatchObject({
      code: "VALIDATION_INVALID_FIELD",
      details: { field: "text.preview_url" },
    });
  });

  it("refuses a text that is not an object", () => {
    expect(failure({ to: TO, type: "text", text: "hello" })).toMatchObject({
      code: "VALIDATION_INVALID_FIELD",
      details: { field: "text" },
    });
  });
});

const MEDIA = ["image", "audio", "video", "document"] as const;

describe("media", () => {
  it.each(MEDIA)("%s requires link", (type) => {
    expect(failure({ to: TO, type, [type]: { caption: "c" } })).toMatchObject({
      code: "VALIDATION_MISSING_FIELD",
      details: { field: `${type}.link` },
    });
  });

  it.each(MEDIA)("%s takes a public https link and refuses http and loopback without the flag", (type) => {
    expect(send({ to: TO, type, [type]: { link: "https://cdn.example.com/f" } })).toMatchObject({
      [type]: { link: "https://cdn.example.com/f" },
    });
    for (const link of [
      "http://cdn.example.com/f",
      "http://127.0.0.1:4010/f",
      "https://localhost/f",
      "ftp://x.com/f",
      "f.jpg",
    ]) {
      const error = failure({ to: TO, type, [type]: { link } });
      expect(error).toMatchObject({ code: "VALIDATION_INVALID_FIELD", details: { field: `${type}.link` } });
      expect(typeof error.details?.hint).toBe("string");
    }
  });

  it.each(MEDIA)("%s takes http loopback links only with ALLOW_LOOPBACK_URLS", (type) => {
    for (const link of [
      "http://127.0.0.1:4010/_sandbox/media/sample.jpg",
      "http://localhost:4010/a",
      "http://[::1]/a",
    ]) {
      expect(send({ to: TO, type, [type]: { link } }, loose)).toMatchObject({ [type]: { link } });
    }
    expect(
      failure({ to: TO, type, [type]: { link: "http://cdn.example.com/f" } }, loose).details?.field,
    ).toBe(`${type}.link`);
  });

  it("keeps captions of image, video and document and drops the audio caption", () => {
    const link = "https://cdn.example.com/f";
    expect(send({ to: TO, type: "image", image: { link, caption: "c" } })).toMatchObject({
      image: { link, caption: "c" },
    });
    expect(send({ to: TO, type: "video", video: { link, caption: "c" } })).toMatchObject({
      video: { link, caption: "c" },
    });
    const doc = send({ to: TO, type: "document", document: { link, caption: "c", filename: "a.pdf" } });
    expect(doc).toMatchObject({ document: { link, caption: "c", filename: "a.pdf" } });
    expect(send({ to: TO, type: "audio", audio: { link, caption: "c" } })).toEqual({
      to: TO,
      type: "audio",
      audio: { link },
    });
  });

  it("accepts a 1024-character caption and refuses 1025", () => {
    const link = "https://cdn.example.com/f";
    expect(send({ to: TO, type: "image", image: { link, caption: "c".repeat(1024) } }).type).toBe("image");
    expect(failure({ to: TO, type: "image", image: { link, caption: "c".repeat(1025) } })).toMatchObject({
      code: "VALIDATION_INVALID_FIELD",
      details: { field: "image.caption", limit: 1024, actual: 1025 },
    });
  });
});

describe("location", () => {
  it("requires latitude and longitude", () => {
    expect(failure({ to: TO, type: "location", location: { longitude: 1 } }).details?.field).toBe(
      "location.latitude",
    );
    expect(failure({ to: TO, type: "location", location: { latitude: 1 } })).toMatchObject({
      code: "VALIDATION_MISSING_FIELD",
      details: { field: "location.longitude" },
    });
  });

  it("accepts the bounds and refuses beyond them", () => {
    const ok = { latitude: -90, longitude: 180, name: "HQ", address: "Main St 1" };
    expect(send({ to: TO, type: "location", location: ok })).toMatchObject({ location: ok });
    expect(send({ to: TO, type: "location", location: { latitude: 90, longitude: -180 } }).type).toBe(
      "location",
    );
    for (const [location, field] of [
      [{ latitude: 90.01, longitude: 0 }, "location.latitude"],
      [{ latitude: -90.01, longitude: 0 }, "location.latitude"],
      [{ latitude: 0, longitude: 180.01 }, "location.longitude"],
      [{ latitude: 0, longitude: -180.01 }, "location.longitude"],
      [{ latitude: "1", longitude: 0 }, "location.latitude"],
      [{ latitude: 0, longitude: 0, name: 5 }, "location.name"],
    ] as const) {
      expect(failure({ to: TO, type: "location", location })).toMatchObject({
        code: "VALIDATION_INVALID_FIELD",
        details: { field },
      });
    }
  });
});

describe("template", () => {
  const template = { name: "order_update", language: { code: "en" } };

  it("requires name and language.code", () => {
    expect(failure({ to: TO, type: "template", template: { language: { code: "en" } } })).toMatchObject({
      code: "VALIDATION_MISSING_FIELD",
      details: { field: "template.name" },
    });
    expect(failure({ to: TO, type: "template", template: { name: "x", language: {} } }).details?.field).toBe(
      "template.language.code",
    );
    // the contract names the required field template.language.code, also when language is absent
    for (const template of [{ name: "x" }, { name: "x", language: null }]) {
      expect(failure({ to: TO, type: "template", template })).toMatchObject({
        code: "VALIDATION_MISSING_FIELD",
        details: { field: "template.language.code" },
      });
    }
  });

  it("checks the components' shape under template.components", () => {
    const components = [{ type: "BODY", parameters: [{ type: "text", text: "Ann" }] }];
    expect(send({ to: TO, type: "template", template: { ...template, components } })).toMatchObject({
      template: { ...template, components: [{ type: "body", parameters: [{ type: "text", text: "Ann" }] }] },
    });
    expect(failure({ to: TO, type: "template", template: { ...template, components: {} } })).toMatchObject({
      code: "WHATSAPP_TEMPLATE_INVALID_COMPONENTS",
      details: { errors: [{ field: "template.components" }] },
    });
    const noIndex = [{ type: "button", sub_type: "url", parameters: [{ type: "text", text: "x" }] }];
    expect(
      failure({ to: TO, type: "template", template: { ...template, components: noIndex } }),
    ).toMatchObject({
      code: "WHATSAPP_TEMPLATE_MISSING_BUTTON_INDEX",
      details: { field: "template.components[0].index" },
    });
  });

  it("leaves components out when none are given", () => {
    expect(send({ to: TO, type: "template", template })).toEqual({ to: TO, type: "template", template });
  });
});

describe("interactive", () => {
  it("is checked with the interactive codes", () => {
    const interactive = { type: "carousel", body: { text: "x" } };
    expect(failure({ to: TO, type: "interactive", interactive }).code).toBe(
      "WHATSAPP_INTERACTIVE_INVALID_TYPE",
    );
  });
});

describe("ALLOW_LOOPBACK_URLS from config when the caller gives no flag", () => {
  afterEach(() => {
    delete process.env.ALLOW_LOOPBACK_URLS;
    vi.resetModules();
  });

  async function freshValidate(flag: string) {
    process.env.ALLOW_LOOPBACK_URLS = flag;
    vi.resetModules();
    return (await import("@/lib/messages/validation/validate-send-message")).validateSendMessage;
  }

  it("allows a loopback http link when the flag is true and refuses it when false", async () => {
    const body = {
      to: TO,
      type: "image",
      image: { link: "http://127.0.0.1:4010/_sandbox/media/sample.jpg" },
    };
    expect((await freshValidate("true"))(body).type).toBe("image");
    const validate = await freshValidate("false");
    // a fresh module graph has its own ApiError class, so compare the code, not the class
    expect(() => validate(body)).toThrow(expect.objectContaining({ code: "VALIDATION_INVALID_FIELD" }));
  });
});
