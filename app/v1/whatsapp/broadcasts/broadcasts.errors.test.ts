/**
 * What concerns the whole broadcast answers the contract's codes at creation, and nothing is
 * stored (no broadcast, no recipient, no contact for its inline numbers).
 */
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import {
  BROADCASTS,
  bodyText,
  control,
  createBroadcast,
  orderShipped,
  readyBroadcaster,
  waitForBroadcast,
} from "@/scripts/test/broadcast-helpers";
import { type AnyJson, api, expectError, randomPhone } from "@/scripts/test/helpers";
import { streamBody } from "@/scripts/test/raw-http";
import { templateFixtures } from "@/scripts/test/send-helpers";

const notice = { name: "plain_notice", language: { code: "en_US" } };

async function expectNothingStored(orgId: string) {
  expect(await db().broadcast.count({ where: { organizationId: orgId } })).toBe(0);
  expect(await db().broadcastRecipient.count({ where: { organizationId: orgId } })).toBe(0);
  expect(await db().contact.count({ where: { organizationId: orgId } })).toBe(0);
}

describe("POST /v1/whatsapp/broadcasts: errors, nothing stored", () => {
  it("each bad request answers its code and field", async () => {
    const b = await readyBroadcaster({
      templates: templateFixtures([
        { name: "refused", language: "en_US", status: "REJECTED", components: [{ type: "BODY", text: "x" }] },
      ]),
    });
    const one = [{ to: randomPhone() }];
    const cases: [AnyJson, number, string, string | undefined][] = [
      [{ template: notice, recipients: one }, 400, "VALIDATION_MISSING_FIELD", "name"],
      [{ name: "x".repeat(101), template: notice, recipients: one }, 400, "VALIDATION_INVALID_FIELD", "name"],
      [{ name: "n", recipients: one }, 400, "VALIDATION_MISSING_FIELD", "template"],
      [{ name: "n", template: notice }, 400, "VALIDATION_MISSING_FIELD", "audience"],
      [
        { name: "n", template: notice, audience: { exclude_tags: ["x"] } },
        400,
        "VALIDATION_MISSING_FIELD",
        "audience",
      ],
      [
        { name: "n", template: notice, audience: { tags: ["nobody-has-this"] } },
        400,
        "VALIDATION_INVALID_FIELD",
        "audience",
      ],
      [
        { name: "n", template: { name: "plain_notice", language: {} }, recipients: one },
        400,
        "VALIDATION_MISSING_FIELD",
        "template.language.code",
      ],
      [
        { name: "n", template: { name: "no_such", language: { code: "en_US" } }, recipients: one },
        404,
        "WHATSAPP_TEMPLATE_NOT_FOUND",
        "template.name",
      ],
      [
        { name: "n", template: { name: "plain_notice", language: { code: "fr" } }, recipients: one },
        404,
        "WHATSAPP_TEMPLATE_NOT_FOUND",
        "template.language.code",
      ],
      [
        { name: "n", template: { name: "refused", language: { code: "en_US" } }, recipients: one },
        400,
        "WHATSAPP_TEMPLATE_REJECTED",
        "template.name",
      ],
      [
        {
          name: "n",
          template: { ...orderShipped("a", "b", "c"), components: bodyText("only one") },
          recipients: one,
        },
        400,
        "WHATSAPP_TEMPLATE_INVALID_COMPONENTS",
        undefined,
      ],
      [
        {
          name: "n",
          template: {
            name: "summer_promo",
            language: { code: "en_US" },
            components: [{ type: "button", sub_type: "url", parameters: [{ type: "text", text: "x" }] }],
          },
          recipients: one,
        },
        400,
        "WHATSAPP_TEMPLATE_MISSING_BUTTON_INDEX",
        undefined,
      ],
      [
        { name: "n", template: orderShipped("{{contact.nickname}}", "b", "c"), recipients: one },
        400,
        "VALIDATION_INVALID_FIELD",
        "template.components[0].parameters[0].text",
      ],
      [
        { name: "n", channel_id: "00000000-0000-4000-8000-000000000000", template: notice, recipients: one },
        404,
        "WHATSAPP_CHANNEL_NOT_FOUND",
        "channel_id",
      ],
      [
        {
          name: "n",
          template: notice,
          recipients: one,
          scheduled_at: new Date(Date.now() - 60_000).toISOString(),
        },
        400,
        "VALIDATION_INVALID_FIELD",
        "scheduled_at",
      ],
      [
        {
          name: "n",
          template: notice,
          recipients: one,
          scheduled_at: new Date(Date.now() + 31 * 86_400_000).toISOString(),
        },
        400,
        "VALIDATION_INVALID_FIELD",
        "scheduled_at",
      ],
      [
        { name: "n", template: notice, recipients: one, scheduled_at: "tomorrow" },
        400,
        "VALIDATION_INVALID_FIELD",
        "scheduled_at",
      ],
      [
        { name: "n", template: notice, recipients: [{ variables: { a: "b" } }] },
        400,
        "VALIDATION_MISSING_FIELD",
        "recipients.0.to",
      ],
      [
        {
          name: "n",
          template: notice,
          recipients: [{ to: randomPhone(), variables: { a: { nested: true } } }],
        },
        400,
        "VALIDATION_INVALID_FIELD",
        "recipients.0.variables.a",
      ],
    ];
    for (const [body, status, code, field] of cases) {
      const res = await createBroadcast(b.key, body);
      const said = {
        status: res.status,
        code: res.body?.error?.code,
        field: res.body?.error?.details?.field,
      };
      expect(said, `${JSON.stringify(body).slice(0, 200)} → ${res.text.slice(0, 300)}`).toMatchObject({
        status,
        code,
      });
      expectError(res, status, code);
      if (field) expect(res.body.error.details.field, JSON.stringify(body).slice(0, 200)).toBe(field);
    }
    await expectNothingStored(b.orgId);
  });

  it("more than 10,000 inline recipients is refused whole; a body over 5 MiB is 413", async () => {
    const b = await readyBroadcaster();
    const recipients = Array.from({ length: 10_001 }, (_, i) => ({ to: `+1415${String(5_000_000 + i)}` }));
    const res = await createBroadcast(b.key, { name: "Too many", template: notice, recipients });
    expectError(res, 400, "VALIDATION_INVALID_FIELD");
    expect(res.body.error.details.field).toBe("recipients");
    // a Content-Length over 5 MiB is refused before any of the body is read; over a raw socket that
    // sends none of it (a client still writing when the server answers and closes sees a reset)
    const huge = await streamBody(BROADCASTS, {
      chunked: false,
      announce: 5 * 1024 * 1024 + 1024,
      sendBytes: 0,
      headers: { authorization: `Bearer ${b.key}`, "content-type": "application/json" },
    });
    expect(huge.status, huge.answer.slice(0, 300)).toBe(413);
    expect(huge.body).toMatchObject({
      success: false,
      error: { code: "PAYLOAD_TOO_LARGE", details: { limit_bytes: 5 * 1024 * 1024 } },
    });
    await expectNothingStored(b.orgId);
  }, 60_000);

  it("reads and operations: unknown ids are 404, bad queries 400, a finished broadcast's pause 409", async () => {
    const b = await readyBroadcaster();
    for (const path of [`${BROADCASTS}/00000000-0000-4000-8000-000000000000`, `${BROADCASTS}/not-a-uuid`]) {
      expectError(await api(path, { key: b.key }), 404, "RESOURCE_NOT_FOUND");
      expectError(await api(`${path}/recipients`, { key: b.key }), 404, "RESOURCE_NOT_FOUND");
    }
    const created = await createBroadcast(b.key, {
      name: "One",
      template: notice,
      recipients: [{ to: randomPhone() }],
    });
    const id = created.body.data.id;
    expectError(
      await api(`${BROADCASTS}/${id}/recipients?status=lost`, { key: b.key }),
      400,
      "VALIDATION_INVALID_FIELD",
    );
    expectError(
      await api(`${BROADCASTS}/${id}/recipients?per_page=101`, { key: b.key }),
      400,
      "VALIDATION_INVALID_FIELD",
    );
    expectError(await api(`${BROADCASTS}?page=0`, { key: b.key }), 400, "VALIDATION_INVALID_FIELD");
    await waitForBroadcast(b.key, id, (x) => x.status === "completed");
    const pause = await control(b.key, id, "pause");
    expectError(pause, 409, "RESOURCE_INVALID_STATE");
    expect(pause.body.error.details.status).toBe("completed");
    expect((await control(b.key, id, "retry")).body.data).toEqual({ count: 0 });
  });
});
