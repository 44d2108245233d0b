/**
 * Issue 31 (dashboard): the thread's composer sends a published Flow inside the 24-hour window,
 * the Flows page lists what the customer filled in, and its CSV goes through the one formula-safe
 * writer (lib/csv/write-csv.ts): an answer `=1+1` never starts a cell, read with `,` or `;`.
 * Two organizations: one's Flow id answers 404 to the other, its answers never reach it.
 */
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { changeFlowStatus } from "@/lib/flows/change-flow-status";
import { createFlow } from "@/lib/flows/create-flow";
import { dashboardCall, signedInStaff } from "@/scripts/test/dashboard-session";
import { type AnyJson, BASE_URL, randomPhone, sandbox } from "@/scripts/test/helpers";
import { inboundEvent } from "@/scripts/test/inbound-helpers";
import { acceptedRequest, digits, readySender, type Sender } from "@/scripts/test/send-helpers";

const DANGER = /^[=+\-@\t\r]/;

const staff = (role: "admin" | "agent", orgId: string) => signedInStaff(role, orgId);

async function download(cookie: string, path: string): Promise<Response> {
  return fetch(`${BASE_URL}${path}`, {
    headers: { cookie, origin: BASE_URL, "sec-fetch-site": "same-origin" },
  });
}

/** No cell starts a formula, read with `,` or `;`, quotes honoured or ignored. */
function expectFormulaSafe(text: string): void {
  for (const delimiter of [",", ";"]) {
    for (const cell of Papa.parse<string[]>(text, { delimiter, skipEmptyLines: true }).data.flat()) {
      for (const line of cell.split(/\r\n|\r|\n/)) {
        expect(line, `parsed with ${JSON.stringify(delimiter)}: ${JSON.stringify(cell)}`).not.toMatch(DANGER);
      }
    }
    for (const cell of text.split(new RegExp(`[${delimiter}\\n]|\\r\\n?`)).map((c) => c.replace(/^"+/, ""))) {
      expect(cell, `split on ${JSON.stringify(delimiter)}`).not.toMatch(DANGER);
    }
  }
}

const FOOTER = { type: "Footer", label: "Done", "on-click-action": { name: "complete", payload: {} } };
const screen = (id: string) => ({
  id,
  title: id,
  terminal: id === "CONFIRM",
  layout: { type: "SingleColumnLayout", children: [FOOTER] },
});

/**
 * A Flow made and published through Meta's API (the sandbox), so that the channel's Flow sync
 * keeps it as it is; `draft` leaves it a draft.
 */
async function publishedFlow(s: Sender, draft = false) {
  const flow = await createFlow(s.orgId, {
    name: `booking_${randomPhone().slice(-6)}`,
    categories: ["APPOINTMENT_BOOKING"],
    channel_id: s.channel.channelId,
    flow_json: { version: "7.2", screens: [screen("BOOKING"), screen("CONFIRM")] },
  });
  return draft ? flow : changeFlowStatus(s.orgId, flow.id, "publish");
}

async function conversationOf(s: Sender): Promise<string> {
  const c = await db().conversation.findFirstOrThrow({
    where: { organizationId: s.orgId, contact: { phone: s.to } },
  });
  return c.id;
}

/** The customer completes the Flow in the sandbox; answers the nfm_reply's wamid. */
async function complete(s: Sender, wamid: string, response: Record<string, unknown>): Promise<string> {
  const ack = await sandbox("/_sandbox/flows/complete", "POST", {
    phone_number_id: s.channel.phoneNumberId,
    from: digits(s.to),
    message_id: wamid,
    response,
  });
  expect(ack.status, JSON.stringify(ack.body)).toBe(200);
  return String(ack.body.id);
}

describe("Flows on the dashboard: the composer sends one, the Flows page reads and exports the answers", () => {
  it("a Flow sent from the thread, completed with formula-looking answers: listed as label: value, exported formula-safe; the other organization gets 404", async () => {
    const a = await readySender();
    const flow = await publishedFlow(a);
    const admin = await staff("admin", a.orgId);
    const conversationId = await conversationOf(a);

    // the composer's Flow: navigate to the chosen screen, the product's flow token
    const sent = await dashboardCall(admin, `/api/dashboard/conversations/${conversationId}/messages`, {
      method: "POST",
      body: { type: "flow", flow_id: flow.id, cta: "Book now", body: "Pick a time", screen: "CONFIRM" },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const messageId = (sent.body.data as { messageId: string }).messageId;
    const stored = await db().message.findUniqueOrThrow({ where: { id: messageId } });
    expect(stored.flowToken).toMatch(/^flt_/);
    const upstream = await acceptedRequest(a.channel.phoneNumberId, messageId);
    expect(upstream.body.interactive).toMatchObject({
      type: "flow",
      body: { text: "Pick a time" },
      action: {
        name: "flow",
        parameters: {
          flow_id: flow.flow_id,
          flow_cta: "Book now",
          flow_action: "navigate",
          flow_token: stored.flowToken,
          flow_action_payload: { screen: "CONFIRM" },
        },
      },
    });

    const wamid = stored.whatsappMessageId ?? "";
    await inboundEvent(
      a.orgId,
      await complete(a, wamid, { screen_0_Full_name_0: "=1+1", note: "a;@SUM(1)", guests: 2 }),
    );
    await inboundEvent(a.orgId, await complete(a, wamid, { screen_0_Full_name_0: "Lena", extra: "-5" }));

    // the page: newest first, label: value, the customer and the conversation
    const page = await dashboardCall(admin, `/api/dashboard/flows/${flow.id}/responses`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    const data = page.body.data as AnyJson;
    expect(data.flow).toMatchObject({ id: flow.id, name: flow.name, status: "PUBLISHED" });
    expect(data.total).toBe(2);
    // jsonb keeps an object's keys in its own order: compared as sets
    expect(data.responses[0].answers).toEqual(
      expect.arrayContaining([
        { key: "screen_0_Full_name_0", label: "Full name", value: "Lena" },
        { key: "extra", label: "Extra", value: "-5" },
      ]),
    );
    expect(data.responses[1].answers).toContainEqual({ key: "guests", label: "Guests", value: "2" });
    expect(data.responses[1]).toMatchObject({
      conversation_id: conversationId,
      flow_token: stored.flowToken,
      customer: { phone: a.to },
    });
    const paged = await dashboardCall(admin, `/api/dashboard/flows/${flow.id}/responses?per_page=1&page=2`);
    expect((paged.body.data as AnyJson).responses[0].message_id).toBe(data.responses[1].message_id);
    const today = new Date().toISOString().slice(0, 10);
    const future = await dashboardCall(admin, `/api/dashboard/flows/${flow.id}/responses?from=2999-01-01`);
    expect((future.body.data as AnyJson).total).toBe(0);
    const upside = await dashboardCall(
      admin,
      `/api/dashboard/flows/${flow.id}/responses?from=${today}&to=2000-01-01`,
    );
    expect(upside.status).toBe(400);
    expect(upside.body.error?.code).toBe("VALIDATION_INVALID_FIELD");

    // the CSV: fixed columns, then the union of the answers' fields; nothing starts a formula
    const res = await download(admin, `/api/dashboard/flows/${flow.id}/responses/export?to=${today}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("x-flow-response-count")).toBe("2");
    const text = await res.text();
    expectFormulaSafe(text);
    const [header] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    expect(header?.slice(0, 6)).toEqual([
      "received_at",
      "phone",
      "user_id",
      "name",
      "flow_token",
      "message_id",
    ]);
    expect(header?.slice(6).sort()).toEqual(["extra", "guests", "note", "screen_0_Full_name_0"]);
    const rows = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      phone: `'${a.to}`,
      flow_token: stored.flowToken,
      screen_0_Full_name_0: "'=1+1",
      note: "a;'@SUM(1)",
      guests: "2",
      extra: "",
    });
    expect(rows[0]).toMatchObject({ screen_0_Full_name_0: "Lena", extra: "'-5" });
    // a value holding `;` is quoted: a spreadsheet splitting on `;` keeps it in one cell
    expect(text).toContain(`"a;'@SUM(1)"`);

    // agents read the answers, the export (phone numbers in bulk) is the managers'
    const agent = await staff("agent", a.orgId);
    expect((await dashboardCall(agent, `/api/dashboard/flows/${flow.id}/responses`)).status).toBe(200);
    expect((await download(agent, `/api/dashboard/flows/${flow.id}/responses/export`)).status).toBe(403);

    // another organization: A's Flow is no Flow of its own, its answers never reach it
    const b = await readySender();
    const bAdmin = await staff("admin", b.orgId);
    const foreign = await dashboardCall(bAdmin, `/api/dashboard/flows/${flow.id}/responses`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error?.code).toBe("RESOURCE_NOT_FOUND");
    const foreignCsv = await download(bAdmin, `/api/dashboard/flows/${flow.id}/responses/export`);
    expect(foreignCsv.status).toBe(404);
    expect((await dashboardCall(bAdmin, "/api/dashboard/flows/not-a-uuid/responses")).status).toBe(404);
    // nor can B's composer send A's Flow
    const bFlow = await dashboardCall(
      bAdmin,
      `/api/dashboard/conversations/${await conversationOf(b)}/messages`,
      {
        method: "POST",
        body: { type: "flow", flow_id: flow.id, cta: "Book now", body: "Pick a time" },
      },
    );
    expect(bFlow.status).toBe(404);
    expect(bFlow.body.error?.code).toBe("RESOURCE_NOT_FOUND");
  });

  it("the composer sends no draft Flow, and no Flow outside the 24-hour window", async () => {
    const s = await readySender();
    const admin = await staff("admin", s.orgId);
    const conversationId = await conversationOf(s);
    const draft = await publishedFlow(s, true);
    const reply = (flowId: string) =>
      dashboardCall(admin, `/api/dashboard/conversations/${conversationId}/messages`, {
        method: "POST",
        body: { type: "flow", flow_id: flowId, cta: "Answer", body: "A short survey" },
      });
    const refused = await reply(draft.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe("RESOURCE_INVALID_STATE");

    const published = await publishedFlow(s);
    await db().contact.updateMany({
      where: { organizationId: s.orgId, phone: s.to },
      data: { lastInboundAt: new Date(Date.now() - 25 * 60 * 60 * 1000) },
    });
    const closed = await reply(published.id);
    expect(closed.body.error?.code).toBe("WHATSAPP_SESSION_CLOSED");
    expect(await db().message.count({ where: { organizationId: s.orgId, direction: "outbound" } })).toBe(0);
  });
});
