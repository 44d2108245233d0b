/**
 * Issue 28.3: the broadcast results and usage exports neutralised only a value's first character
 * and wrote a value holding `;` unquoted, so a WhatsApp profile name `x;=1+1;` ran as a formula in
 * a spreadsheet that splits on `;`. Every export now writes through lib/csv/write-csv.ts; each is
 * read here both ways, quotes honoured and naively, and no cell may start a formula.
 */
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createFlow } from "@/lib/flows/create-flow";
import { createBroadcast, readyBroadcaster } from "@/scripts/test/broadcast-helpers";
import { createStaff, dashboardCall, signInWithPassword } from "@/scripts/test/dashboard-session";
import { BASE_URL, createTestChannel, randomPhone } from "@/scripts/test/helpers";

const DANGER = /^[=+\-@\t\r]/;
const HOSTILE_NAMES = ["x;=1+1;", "Mallory\n=5+0*1", "ok,@SUM(6+0*1)", "-2+3", 'q";+1+1', "b;\t=1"];

async function admin(orgId: string): Promise<string> {
  const staff = await createStaff("admin", orgId);
  const { cookie } = await signInWithPassword(staff.email, staff.password);
  if (!cookie) throw new Error("could not sign in");
  return cookie;
}

async function download(cookie: string, path: string): Promise<string> {
  const res = await fetch(`${BASE_URL}${path}`, {
    headers: { cookie, origin: BASE_URL, "sec-fetch-site": "same-origin" },
  });
  expect(res.status, res.status === 200 ? "" : await res.clone().text()).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/csv");
  return res.text();
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

describe("every CSV export is formula-safe whatever the spreadsheet splits on", () => {
  it("broadcast results: profile names and an invalid number as given", async () => {
    const b = await readyBroadcaster();
    const phones = HOSTILE_NAMES.map(() => randomPhone());
    for (const [i, name] of HOSTILE_NAMES.entries()) {
      await db().contact.create({ data: { organizationId: b.orgId, phone: phones[i] as string, name } });
    }
    const created = await createBroadcast(b.key, {
      name: "=HYPERLINK(1);@x",
      template: { name: "plain_notice", language: { code: "en_US" } },
      recipients: [...phones.map((to) => ({ to })), { to: "=1+1;@cmd" }],
      scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(created.status, created.text).toBe(201);
    const text = await download(
      await admin(b.orgId),
      `/api/dashboard/broadcasts/${created.body.data.id}/export`,
    );
    expectFormulaSafe(text);

    const rows = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
    expect(rows).toHaveLength(HOSTILE_NAMES.length + 1);
    expect(rows[0]).toMatchObject({ phone: `'${phones[0]}`, name: "x;'=1+1;", status: "pending" });
    expect(rows.at(-1)).toMatchObject({
      phone: "'=1+1;'@cmd",
      status: "skipped",
      skip_reason: "invalid_phone",
    });
    // a value holding `;` is quoted, so a spreadsheet splitting on `;` keeps it in one cell
    expect(text).toContain(`"x;'=1+1;"`);
  });

  it("usage: a pricing category as the upstream reported it", async () => {
    const owner = await createStaff("owner");
    const { cookie } = await signInWithPassword(owner.email, owner.password);
    const channel = await createTestChannel(owner.orgId);
    const contact = await db().contact.create({
      data: { organizationId: owner.orgId, phone: randomPhone() },
    });
    for (const category of ["x;=1+1;", "@SUM(1);-1"]) {
      await db().message.create({
        data: {
          organizationId: owner.orgId,
          channelId: channel.channelId,
          contactId: contact.id,
          direction: "outbound",
          type: "template",
          content: {},
          status: "delivered",
          pricingCategory: category,
          pricingBillable: true,
          pricingType: "regular",
        },
      });
    }
    const day = new Date().toISOString().slice(0, 10);
    const text = await download(cookie ?? "", `/api/dashboard/usage/export?from=${day}&to=${day}`);
    expectFormulaSafe(text);
    const rows = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
    expect(rows.map((r) => r.category).sort()).toEqual(["'@SUM(1);'-1", "x;'=1+1;"]);
  });

  it("contacts: a profile name (round 3's export, now through the same writer)", async () => {
    const staff = await createStaff("admin");
    const { cookie } = await signInWithPassword(staff.email, staff.password);
    for (const name of HOSTILE_NAMES) {
      await db().contact.create({ data: { organizationId: staff.orgId, phone: randomPhone(), name } });
    }
    const text = await download(cookie ?? "", "/api/dashboard/contacts/export");
    expectFormulaSafe(text);
    expect(text).toContain(`"x;'=1+1;"`);
  });

  it("a Flow's responses: the customer's name and the answers' fields", async () => {
    const staff = await createStaff("admin");
    const { cookie } = await signInWithPassword(staff.email, staff.password);
    const channel = await createTestChannel(staff.orgId);
    // made through Meta's API (the sandbox), so that the channel's first Flow sync keeps it
    const flow = await createFlow(staff.orgId, {
      name: `survey_${randomPhone().slice(-6)}`,
      categories: ["SURVEY"],
      channel_id: channel.channelId,
    });
    for (const [i, name] of HOSTILE_NAMES.entries()) {
      const contact = await db().contact.create({
        data: { organizationId: staff.orgId, phone: randomPhone(), name },
      });
      const base = { organizationId: staff.orgId, channelId: channel.channelId, contactId: contact.id };
      // the Flow message as the send path stores it, and the answer linked to it (lib/flows/list-flow-responses.ts)
      const sent = await db().message.create({
        data: {
          ...base,
          direction: "outbound",
          type: "interactive",
          status: "sent",
          content: {
            cloud: { interactive: { type: "flow", action: { parameters: { flow_id: flow.flow_id } } } },
          },
        },
      });
      await db().message.create({
        data: {
          ...base,
          direction: "inbound",
          type: "interactive",
          status: "delivered",
          content: {
            interactive: {
              type: "flow",
              flow_response: {
                message_id: sent.id,
                flow_token: `=tok${i}`,
                fields: { [`@f${i}`]: name, n: "-1" },
              },
            },
          },
        },
      });
    }
    const text = await download(cookie ?? "", `/api/dashboard/flows/${flow.id}/responses/export`);
    expectFormulaSafe(text);
    const rows = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
    expect(rows).toHaveLength(HOSTILE_NAMES.length);
    expect(rows.map((r) => r.n)).toEqual(HOSTILE_NAMES.map(() => "'-1"));
    expect(text).toContain(`"x;'=1+1;"`);
  });

  it("a broadcast results export of an id that is no UUID is a 404, not a 500", async () => {
    const b = await readyBroadcaster();
    const res = await dashboardCall(await admin(b.orgId), "/api/dashboard/broadcasts/not-a-uuid/export");
    expect(res.status).toBe(404);
    expect(res.body.error?.code).toBe("RESOURCE_NOT_FOUND");
  });
});
