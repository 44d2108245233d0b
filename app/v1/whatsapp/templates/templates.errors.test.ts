import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import {
  type AnyJson,
  createTestChannel,
  createTestOrg,
  expectError,
  randomPhone,
} from "@/scripts/test/helpers";
import {
  FILLED,
  messageEvents,
  sampleMedia,
  send,
  templateFixtures,
  upstreamRequests,
  waitForTemplateSync,
} from "@/scripts/test/send-helpers";

const REJECTED = {
  name: "rejected_offer",
  language: "en_US",
  status: "REJECTED",
  category: "MARKETING",
  components: [{ type: "BODY", text: "Buy now" }],
};

async function templateSender() {
  const org = await createTestOrg();
  const channel = await createTestChannel(org.orgId, { templates: templateFixtures([REJECTED]) });
  await waitForTemplateSync(channel.channelId);
  return { ...org, channel, to: randomPhone() };
}

const tpl = (to: string, name: string, code: string, components?: AnyJson[]) => ({
  to,
  type: "template",
  template: { name, language: { code }, ...(components ? { components } : {}) },
});

describe("POST /v1/whatsapp/messages: template refusals before any upstream call", () => {
  it("an unknown name → 404 WHATSAPP_TEMPLATE_NOT_FOUND; nothing stored or sent", async () => {
    const { key, orgId, channel, to } = await templateSender();
    expectError(await send(key, tpl(to, "no_such_template", "en_US")), 404, "WHATSAPP_TEMPLATE_NOT_FOUND");
    // the UUID is not a name (the contract: id cannot be used in the template object)
    const row = await db().template.findFirstOrThrow({ where: { channelId: channel.channelId } });
    expectError(await send(key, tpl(to, row.id, "en_US")), 404, "WHATSAPP_TEMPLATE_NOT_FOUND");
    expect(await db().message.count({ where: { organizationId: orgId } })).toBe(0);
    expect(await upstreamRequests(channel.phoneNumberId)).toEqual([]);
  });

  it("a template REJECTED upstream → 400 WHATSAPP_TEMPLATE_REJECTED; nothing sent", async () => {
    const { key, channel, to } = await templateSender();
    expectError(await send(key, tpl(to, "rejected_offer", "en_US")), 400, "WHATSAPP_TEMPLATE_REJECTED");
    expect(await upstreamRequests(channel.phoneNumberId)).toEqual([]);
  });

  it("parameter count mismatch → 400 WHATSAPP_TEMPLATE_INVALID_COMPONENTS with details.errors[]", async () => {
    const { key, channel, to } = await templateSender();
    const one = [{ type: "body", parameters: [{ type: "text", text: "Ana" }] }];
    const res = await send(key, tpl(to, "order_shipped", "en_US", [FILLED.order_shipped[0], ...one]));
    expectError(res, 400, "WHATSAPP_TEMPLATE_INVALID_COMPONENTS");
    expect(res.body.error.details.errors).toEqual([
      { field: "template.components[1].parameters", message: expect.stringMatching(/2/) },
    ]);

    const none = await send(key, tpl(to, "order_shipped", "en_US"));
    expectError(none, 400, "WHATSAPP_TEMPLATE_INVALID_COMPONENTS");
    const fields = none.body.error.details.errors.map((e: AnyJson) => e.field);
    expect(fields).toEqual(["template.components", "template.components"]);

    const extra = await send(
      key,
      tpl(to, "plain_notice", "en_US", [{ type: "body", parameters: [{ type: "text", text: "x" }] }]),
    );
    expectError(extra, 400, "WHATSAPP_TEMPLATE_INVALID_COMPONENTS");
    expect(extra.body.error.details.errors[0].field).toBe("template.components[0]");
    expect(await upstreamRequests(channel.phoneNumberId)).toEqual([]);
  });

  it("named variables: a missing or unknown parameter_name → WHATSAPP_TEMPLATE_INVALID_COMPONENTS", async () => {
    const { key, channel, to } = await templateSender();
    const wrong = [
      {
        type: "body",
        parameters: [
          { type: "text", text: "Ana", parameter_name: "first_name" },
          { type: "text", text: "K-1", parameter_name: "coupon" },
        ],
      },
    ];
    const res = await send(key, tpl(to, "welcome_named", "en_US", wrong));
    expectError(res, 400, "WHATSAPP_TEMPLATE_INVALID_COMPONENTS");
    expect(res.body.error.details.errors).toContainEqual({
      field: "template.components[0].parameters[1].parameter_name",
      message: expect.stringContaining("coupon"),
    });
    const positional = [
      {
        type: "body",
        parameters: [
          { type: "text", text: "Ana" },
          { type: "text", text: "K" },
        ],
      },
    ];
    expectError(
      await send(key, tpl(to, "welcome_named", "en_US", positional)),
      400,
      "WHATSAPP_TEMPLATE_INVALID_COMPONENTS",
    );
    expect(await upstreamRequests(channel.phoneNumberId)).toEqual([]);
  });

  it("a button component without index → 400 WHATSAPP_TEMPLATE_MISSING_BUTTON_INDEX", async () => {
    const { key, channel, to } = await templateSender();
    const components = FILLED.summer_promo(sampleMedia("sample.jpg")).map((c: AnyJson) =>
      c.sub_type === "url" ? { ...c, index: undefined } : c,
    );
    const res = await send(key, tpl(to, "summer_promo", "en_US", components));
    expectError(res, 400, "WHATSAPP_TEMPLATE_MISSING_BUTTON_INDEX");
    expect(await upstreamRequests(channel.phoneNumberId)).toEqual([]);
  });

  it("currency in a header → 400 WHATSAPP_TEMPLATE_INVALID_PARAMETER_TYPE", async () => {
    const { key, channel, to } = await templateSender();
    const currency = {
      type: "currency",
      currency: { fallback_value: "$25.50", code: "USD", amount_1000: 25500 },
    };
    const components = [{ type: "header", parameters: [currency] }, FILLED.order_shipped[1]];
    const res = await send(key, tpl(to, "order_shipped", "en_US", components));
    expectError(res, 400, "WHATSAPP_TEMPLATE_INVALID_PARAMETER_TYPE");
    expect(res.body.error.details.field).toBe("template.components[0].parameters[0].type");
    // and a payload in a body
    const payload = [
      FILLED.order_shipped[0],
      {
        type: "body",
        parameters: [
          { type: "payload", payload: "x" },
          { type: "text", text: "y" },
        ],
      },
    ];
    expectError(
      await send(key, tpl(to, "order_shipped", "en_US", payload)),
      400,
      "WHATSAPP_TEMPLATE_INVALID_PARAMETER_TYPE",
    );
    expect(await upstreamRequests(channel.phoneNumberId)).toEqual([]);
  });

  it("currency in a body is valid and reaches the upstream as given", async () => {
    const { key, channel, to } = await templateSender();
    const currency = {
      type: "currency",
      currency: { fallback_value: "$25.50", code: "USD", amount_1000: 25500 },
    };
    const components = [
      FILLED.order_shipped[0],
      { type: "body", parameters: [{ type: "text", text: "Ana" }, currency] },
    ];
    const res = await send(key, tpl(to, "order_shipped", "en_US", components));
    expect(res.status, res.text).toBe(200);
    const [request] = await upstreamRequests(channel.phoneNumberId, to);
    expect(request?.body.template.components[1].parameters[1]).toEqual(currency);
  });
});

describe("upstream 132001: a language the WABA does not have", () => {
  it("→ 502 WHATSAPP_SEND_FAILED, details.error the sandbox's error verbatim, the three causes explained", async () => {
    const { key, orgId, channel, to } = await templateSender();
    const res = await send(key, tpl(to, "plain_notice", "fr"));
    expectError(res, 502, "WHATSAPP_SEND_FAILED");
    const requests = await upstreamRequests(channel.phoneNumberId, to);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.result).toBe(404);
    expect(request?.response.error.code).toBe(132001);
    expect(res.body.error.details.error).toEqual(request?.response.error);
    const message: string = res.body.error.message;
    expect(message).toMatch(/language/i);
    expect(message).toMatch(/channel|phone number/i);
    expect(message).toMatch(/no longer exists|deleted/i);

    const stored = await db().message.findFirstOrThrow({
      where: { organizationId: orgId, direction: "outbound" },
    });
    expect(stored).toMatchObject({ status: "failed", errorCode: "132001" });
    expect(await messageEvents(orgId, stored.id)).toEqual(["message.failed"]);
  });
});
