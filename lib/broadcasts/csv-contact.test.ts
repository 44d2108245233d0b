import { describe, expect, it } from "vitest";
import { contactColumns, csvContact } from "@/lib/broadcasts/csv-contact";

describe("a CSV audience's known columns become the new contact's fields", () => {
  const columns = ["Mobile", "Name", "E-mail", "tags", "custom.plan", "parcel"];
  const known = contactColumns(columns, "Mobile");

  it("finds name, e-mail, tags and custom.<key> by header, leaves the phone and the rest", () => {
    expect([...known]).toEqual([
      ["Name", "name"],
      ["E-mail", "email"],
      ["tags", "tags"],
      ["custom.plan", "custom.plan"],
    ]);
  });

  it("keeps the non-empty values that pass the contact rules", () => {
    expect(
      csvContact(
        {
          Mobile: "+1",
          Name: " Ada ",
          "E-mail": "ada@example.com",
          tags: "vip; new",
          "custom.plan": "pro",
          parcel: "P-1",
        },
        known,
      ),
    ).toEqual({
      contact: {
        name: "Ada",
        email: "ada@example.com",
        tags: ["vip", "new"],
        custom_fields: { plan: "pro" },
      },
      dropped: [],
    });
    expect(csvContact({ Mobile: "+1", Name: "", "E-mail": "" }, known)).toEqual({
      contact: null,
      dropped: [],
    });
  });

  it("leaves out a value the rules refuse, and says which", () => {
    expect(csvContact({ Name: "Ada", "E-mail": "not-an-email" }, known)).toEqual({
      contact: { name: "Ada" },
      dropped: ["email"],
    });
  });
});
