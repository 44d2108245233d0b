import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerWrites, graphErrorOf, type Harness, startHarness } from "@/sandbox/test-support";

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ status_delays_ms: { sent: null, delivered: null, read: null } });
  await customerWrites(h);
});
afterAll(() => h.close());

const buttons = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ type: "reply", reply: { id: `b${i}`, title: `Button ${i}` } }));

describe("requests are validated like the Cloud API does", () => {
  it("requires messaging_product", async () => {
    const answer = await h.call(
      "POST",
      "/v23.0/106540352242922/messages",
      { to: "16505551234", text: { body: "x" } },
      "EAAG-sandbox-token",
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: {
        message: "(#100) The parameter messaging_product is required.",
        type: "OAuthException",
        code: 100,
        error_data: {
          messaging_product: "whatsapp",
          details: "The parameter messaging_product is required.",
        },
        fbtrace_id: expect.any(String),
      },
    });
  });

  it("names a missing nested parameter the Graph way", async () => {
    const answer = await h.send({ type: "text", text: { preview_url: true } });
    expect(graphErrorOf(answer).message).toBe("(#100) The parameter text['body'] is required.");
  });

  it("refuses unknown keys", async () => {
    const answer = await h.send({ type: "text", text: { body: "x", bodyx: 1 } });
    expect(answer.status).toBe(400);
    expect(graphErrorOf(answer)).toMatchObject({
      code: 100,
      error_data: { details: 'Unexpected key "bodyx" on param "text".' },
    });
  });

  it("refuses an unknown type", async () => {
    const answer = await h.send({ type: "carrier_pigeon" });
    expect(graphErrorOf(answer).error_data?.details).toMatch(/^Param type must be one of \{text, image/);
  });

  it("takes a 4096-character text body and refuses 4097", async () => {
    expect((await h.send({ text: { body: "x".repeat(4096) } })).status).toBe(200);
    const answer = await h.send({ text: { body: "x".repeat(4097) } });
    expect(graphErrorOf(answer)).toMatchObject({
      code: 131009,
      error_data: { details: expect.stringContaining("4096") },
    });
  });

  it("takes 3 reply buttons and refuses 4", async () => {
    const interactive = (n: number) => ({
      type: "interactive",
      interactive: { type: "button", body: { text: "Pick" }, action: { buttons: buttons(n) } },
    });
    expect((await h.send(interactive(3))).status).toBe(200);
    expect(graphErrorOf(await h.send(interactive(4))).code).toBe(131009);
  });

  it("refuses a button title over 20 characters and duplicate ids", async () => {
    const one = (title: string, id = "a") => ({ type: "reply", reply: { id, title } });
    const send = (list: unknown[]) =>
      h.send({
        type: "interactive",
        interactive: { type: "button", body: { text: "x" }, action: { buttons: list } },
      });
    expect((await send([one("x".repeat(20))])).status).toBe(200);
    expect(graphErrorOf(await send([one("x".repeat(21))])).code).toBe(131009);
    expect(graphErrorOf(await send([one("A"), one("B")])).error_data?.details).toBe("Duplicate button id: a");
  });

  it("caps a list at 10 rows in all", async () => {
    const rows = (n: number, p: string) =>
      Array.from({ length: n }, (_, i) => ({ id: `${p}${i}`, title: `Row ${i}` }));
    const send = (a: number, b: number) =>
      h.send({
        type: "interactive",
        interactive: {
          type: "list",
          body: { text: "x" },
          action: {
            button: "Open",
            sections: [
              { title: "A", rows: rows(a, "a") },
              { title: "B", rows: rows(b, "b") },
            ],
          },
        },
      });
    expect((await send(5, 5)).status).toBe(200);
    expect(graphErrorOf(await send(5, 6))).toMatchObject({ code: 131009 });
  });

  it("wants either link or id for media, not both", async () => {
    const answer = await h.send({ type: "image", image: { caption: "no source" } });
    expect(graphErrorOf(answer).code).toBe(100);
    const both = await h.send({ type: "image", image: { id: "1", link: "https://example.com/a.jpg" } });
    expect(graphErrorOf(both).code).toBe(100);
  });

  it("refuses a caption on audio and the object of another type", async () => {
    expect(
      graphErrorOf(await h.send({ type: "audio", audio: { link: "https://x.test/a.ogg", caption: "c" } }))
        .code,
    ).toBe(100);
    expect(
      graphErrorOf(await h.send({ type: "text", text: { body: "x" }, image: { link: "https://x.test/a" } }))
        .code,
    ).toBe(100);
  });

  it("refuses an unusable recipient", async () => {
    expect(graphErrorOf(await h.send({ to: "abc", text: { body: "x" } })).code).toBe(100);
  });

  it("answers a body that is not JSON as Graph does", async () => {
    const answer = await h.call("POST", "/v23.0/106540352242922/messages", "not json", "EAAG-sandbox-token");
    expect(graphErrorOf(answer).message).toBe("(#100) The parameter messaging_product is required.");
  });
});
