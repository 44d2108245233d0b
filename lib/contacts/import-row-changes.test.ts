import { describe, expect, it } from "vitest";
import { importRowChanges, type StoredContact } from "@/lib/contacts/import-row-changes";

const stored: StoredContact = {
  phone: "+14155550123",
  name: "Ada",
  email: null,
  customFields: { plan: "free", seats: 5 },
  tags: ["old"],
};
const row = {
  phone: "+14155550123",
  name: "Ada Lovelace",
  email: "ada@example.com",
  tags: ["old", "vip"],
  custom_fields: { plan: "pro", seats: "5", city: "London" },
};

describe("importRowChanges: what a row changes on an existing contact", () => {
  it("add_tags adds the missing tags only", () => {
    const u = importRowChanges("add_tags", stored, row);
    expect(u).toMatchObject({ data: {}, addTags: ["vip"], fields: ["tags"], changes: ["tags"] });
  });

  it("fill_empty takes only what is empty; a number stored as 5 equals the cell 5", () => {
    const u = importRowChanges("fill_empty", stored, row);
    expect(u).toMatchObject({
      data: { email: "ada@example.com", customFields: { plan: "free", seats: 5, city: "London" } },
      fields: ["email", "custom_fields.city", "tags"],
      changes: ["email", "custom_fields", "tags"],
    });
  });

  it("overwrite replaces what differs and never clears with an empty cell", () => {
    const u = importRowChanges("overwrite", stored, { ...row, email: null, custom_fields: { plan: "pro" } });
    expect(u).toMatchObject({
      data: { name: "Ada Lovelace", customFields: { plan: "pro", seats: 5 } },
      fields: ["name", "custom_fields.plan", "tags"],
      history: [
        { field: "name", value: "Ada Lovelace" },
        { field: "custom_fields.plan", value: "pro" },
        { field: "tags", value: "old;vip" },
      ],
    });
    expect(u).not.toHaveProperty("data.email");
  });

  it("writes a phone only onto a contact without one", () => {
    expect(importRowChanges("overwrite", stored, { ...row, phone: "+14155550999" })).not.toHaveProperty(
      "data.phone",
    );
    expect(importRowChanges("fill_empty", { ...stored, phone: null }, row)).toHaveProperty(
      "data.phone",
      row.phone,
    );
    expect(importRowChanges("add_tags", { ...stored, phone: null }, row)).not.toHaveProperty("data.phone");
  });

  it("refuses a result over the contact limits", () => {
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, "v"]));
    expect(importRowChanges("fill_empty", { ...stored, customFields: many }, row)).toEqual({
      error: "custom_fields: at most 50 custom fields a contact",
    });
    const tags = Array.from({ length: 50 }, (_, i) => `t${i}`);
    expect(importRowChanges("add_tags", { ...stored, tags }, row)).toEqual({
      error: "tags: at most 50 tags a contact",
    });
  });
});
