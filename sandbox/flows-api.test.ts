import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateFlowJson } from "@/sandbox/flows";
import { graphErrorOf, type Harness, startHarness, TOKEN, WABA_ID } from "@/sandbox/test-support";

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const GOOD = {
  version: "7.2",
  screens: [
    {
      id: "WELCOME",
      title: "Welcome",
      terminal: true,
      layout: {
        type: "SingleColumnLayout",
        children: [
          { type: "TextHeading", text: "Hi" },
          { type: "Footer", label: "Done", "on-click-action": { name: "complete", payload: {} } },
        ],
      },
    },
  ],
};

/** A multipart upload of the Flow JSON asset, as Meta's guide sends it (file, name, asset_type). */
async function upload(flowId: string, text: string): Promise<{ status: number; body: unknown }> {
  const form = new FormData();
  form.set("file", new Blob([text], { type: "application/json" }), "flow.json");
  form.set("name", "flow.json");
  form.set("asset_type", "FLOW_JSON");
  const res = await fetch(`${h.sandbox.url}/v23.0/${flowId}/assets`, {
    method: "POST",
    headers: { authorization: `Bearer ${TOKEN}` },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

describe("Flow JSON validation", () => {
  it("names a missing version and screens, a screen without id and an unknown component, with lines and pointers", () => {
    expect(validateFlowJson("{}").map((e) => e.message)).toEqual([
      "Missing required property 'version'.",
      "Missing required property 'screens'.",
    ]);
    const text = JSON.stringify(
      { version: "7.2", screens: [{ title: "x", layout: { children: [{ type: "Bogus" }] } }] },
      null,
      2,
    );
    const errors = validateFlowJson(text);
    expect(errors.map((e) => [e.error, e.pointers[0]?.path])).toEqual([
      ["MISSING_REQUIRED_PROPERTY", "screens[0]"],
      ["INVALID_PROPERTY_VALUE", "screens[0].layout.children[0].type"],
    ]);
    const lines = text.split("\n");
    const bogus = errors[1];
    expect(bogus).toMatchObject({ error_type: "FLOW_JSON_ERROR", line_start: bogus?.line_end });
    const line = lines[(bogus?.line_start ?? 0) - 1] ?? "";
    expect(line.slice((bogus?.column_start ?? 0) - 1, bogus?.column_end)).toBe('"Bogus"');
    expect(validateFlowJson("{ nope")[0]).toMatchObject({ error: "INVALID_JSON" });
    expect(validateFlowJson(JSON.stringify(GOOD))).toEqual([]);
  });
});

describe("the Flows API", () => {
  it("creates a draft, uploads the asset, publishes, lists, deprecates; refuses what Meta refuses", async () => {
    const created = await h.call(
      "POST",
      `/v23.0/${WABA_ID}/flows`,
      { name: "signup", categories: ["SIGN_UP"], flow_json: JSON.stringify({ screens: [] }) },
      TOKEN,
    );
    expect(created.status).toBe(200);
    const { id, validation_errors } = created.body as { id: string; validation_errors: unknown[] };
    expect(validation_errors.length).toBeGreaterThan(0);

    const dup = await h.call(
      "POST",
      `/v23.0/${WABA_ID}/flows`,
      { name: "signup", categories: ["OTHER"] },
      TOKEN,
    );
    expect(graphErrorOf(dup)).toMatchObject({
      code: 100,
      error_data: { details: "Flow name is not unique" },
    });

    const refused = await h.call("POST", `/v23.0/${id}/publish`, undefined, TOKEN);
    expect(graphErrorOf(refused).code).toBe(139002);

    expect(await upload(id, JSON.stringify(GOOD, null, 2))).toEqual({
      status: 200,
      body: { success: true, validation_errors: [] },
    });
    expect((await h.call("POST", `/v23.0/${id}/publish`, undefined, TOKEN)).status).toBe(200);

    const got = await h.call(
      "GET",
      `/v23.0/${id}?fields=name,status,preview.invalidate(false)`,
      undefined,
      TOKEN,
    );
    const preview = (got.body as { preview: { preview_url: string; expires_at: string } }).preview;
    expect(got.body).toMatchObject({ id, name: "signup", status: "PUBLISHED" });
    expect(preview.expires_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/);
    const page = await fetch(preview.preview_url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Welcome");

    const list = await h.call("GET", `/v23.0/${WABA_ID}/flows`, undefined, TOKEN);
    expect((list.body as { data: unknown[] }).data).toEqual([
      { id, name: "signup", status: "PUBLISHED", categories: ["SIGN_UP"], validation_errors: [] },
    ]);

    expect(graphErrorOf((await upload(id, "{}")) as never).code).toBe(139001);
    expect(graphErrorOf(await h.call("POST", `/v23.0/${id}`, { name: "x" }, TOKEN)).code).toBe(139001);
    expect(graphErrorOf(await h.call("DELETE", `/v23.0/${id}`, undefined, TOKEN)).code).toBe(139004);
    expect((await h.call("POST", `/v23.0/${id}/deprecate`, undefined, TOKEN)).status).toBe(200);
    expect(graphErrorOf(await h.call("POST", `/v23.0/${id}/deprecate`, undefined, TOKEN)).code).toBe(139003);

    const draft = await h.call(
      "POST",
      `/v23.0/${WABA_ID}/flows`,
      { name: "tmp", categories: "OTHER" },
      TOKEN,
    );
    const draftId = (draft.body as { id: string }).id;
    expect((await h.call("DELETE", `/v23.0/${draftId}`, undefined, TOKEN)).body).toEqual({ success: true });
    expect(graphErrorOf(await h.call("GET", `/v23.0/${draftId}`, undefined, TOKEN)).code).toBe(100);
  });

  it("refuses a token that cannot reach the Flow's WABA", async () => {
    const created = await h.call(
      "POST",
      `/v23.0/${WABA_ID}/flows`,
      { name: "mine", categories: ["OTHER"] },
      TOKEN,
    );
    const id = (created.body as { id: string }).id;
    await h.call("PUT", "/_sandbox/phone-numbers/999000111", {
      waba_id: "999000222",
      display_phone_number: "+1 555-000-0000",
      access_token: "other-token",
    });
    expect(graphErrorOf(await h.call("GET", `/v23.0/${id}`, undefined, "other-token")).code).toBe(100);
    expect(graphErrorOf(await h.call("POST", `/v23.0/${id}/publish`, undefined, "other-token")).code).toBe(
      100,
    );
  });
});
