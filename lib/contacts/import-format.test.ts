import { describe, expect, it } from "vitest";
import { rowToBody } from "@/lib/contacts/import-format";
import { createContactBody } from "@/lib/contacts/schemas";

describe("rowToBody: one CSV row to the create-contact body", () => {
  it("maps the core columns, splits tags on ';' and keeps other columns as custom fields", () => {
    const body = rowToBody({
      phone: "14155550123",
      name: "Ada",
      email: "ada@example.com",
      tags: " vip ; beta;;",
      plan: "pro",
      "custom.name": "nickname",
      empty: "",
    });
    expect(body).toEqual({
      phone: "14155550123",
      name: "Ada",
      email: "ada@example.com",
      tags: ["vip", "beta"],
      custom_fields: { plan: "pro", name: "nickname" },
    });
    expect(createContactBody.parse(body).phone).toBe("+14155550123");
  });

  it("gives the create rules something to refuse when the phone is missing", () => {
    const parsed = createContactBody.safeParse(rowToBody({ name: "No number" }));
    expect(parsed.success).toBe(false);
  });
});

describe("rowToBody reads our own export back unchanged", () => {
  it("takes off the marks the export puts before formula characters", () => {
    const body = rowToBody({
      phone: "'+14155550123",
      name: "Mallory;'=4+0*1;",
      email: "",
      tags: "'-vip;beta",
      "'=note": "a\n'@b",
    });
    expect(body).toEqual({
      phone: "+14155550123",
      name: "Mallory;=4+0*1;",
      email: "",
      tags: ["-vip", "beta"],
      custom_fields: { "=note": "a\n@b" },
    });
  });
});

describe("rowToBody leaves the reserved columns out of the custom fields", () => {
  it("user_id finds a contact and consent columns are never imported", () => {
    const body = rowToBody({
      phone: "+14155550123",
      user_id: "US.1",
      marketing_opt_out: "false",
      blocked: "0",
      x: "1",
    });
    expect(body.custom_fields).toEqual({ x: "1" });
  });
});
