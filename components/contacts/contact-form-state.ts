import { phoneForSave } from "@/lib/contacts/phone-input";
import { type ContactJson, type CreateContactBody, createContactBody } from "@/lib/contacts/schemas";

export type FieldType = "string" | "number" | "boolean";
export type CustomFieldRow = { id: string; key: string; type: FieldType; value: string };
export type ContactFormState = {
  phone: string;
  name: string;
  email: string;
  tags: string[];
  fields: CustomFieldRow[];
};

let nextRow = 0;
export function newFieldRow(key = "", type: FieldType = "string", value = ""): CustomFieldRow {
  nextRow += 1;
  return { id: `field-${nextRow}`, key, type, value };
}

export const EMPTY_CONTACT_FORM: ContactFormState = { phone: "", name: "", email: "", tags: [], fields: [] };

export function formFromContact(contact: ContactJson): ContactFormState {
  return {
    phone: contact.phone ?? "",
    name: contact.name ?? "",
    email: contact.email ?? "",
    tags: contact.tags,
    fields: Object.entries(contact.custom_fields).map(([key, value]) =>
      newFieldRow(
        key,
        typeof value === "number" ? "number" : typeof value === "boolean" ? "boolean" : "string",
        String(value),
      ),
    ),
  };
}

type Result = { ok: true; body: CreateContactBody } | { ok: false; errors: Record<string, string> };

/** Custom field rows → the JSON object; a row's problem is reported under `field:<row id>`. */
function customFields(rows: CustomFieldRow[], errors: Record<string, string>) {
  const out: Record<string, string | number | boolean> = {};
  for (const row of rows) {
    const key = row.key.trim();
    if (!key && !row.value) continue;
    if (!key) errors[`field:${row.id}`] = "Give the field a name.";
    else if (key in out) errors[`field:${row.id}`] = `“${key}” is used twice.`;
    else if (row.type === "number" && (row.value.trim() === "" || !Number.isFinite(Number(row.value)))) {
      errors[`field:${row.id}`] = "Enter a number.";
    } else {
      out[key] =
        row.type === "number" ? Number(row.value) : row.type === "boolean" ? row.value === "true" : row.value;
    }
  }
  return out;
}

/**
 * The form → the route's body, checked with the contract's own zod schema (phone rules, tag and
 * custom-field limits) before anything is sent; the server checks again with the same schema.
 */
export function toContactInput(state: ContactFormState, defaultCountry: string): Result {
  const errors: Record<string, string> = {};
  const fields = customFields(state.fields, errors);
  const parsed = createContactBody.safeParse({
    // "(212) 555-0210" → "+12125550210" against the organization's country; the rest as typed
    phone: phoneForSave(state.phone, defaultCountry),
    name: state.name,
    email: state.email,
    tags: state.tags,
    custom_fields: fields,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "form");
      const message = issue.message.includes("received undefined") ? "Enter a phone number." : issue.message;
      errors[field] ??= issue.path.length > 1 ? `${issue.path.slice(1).join(".")}: ${message}` : message;
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  const body = parsed.data;
  return {
    ok: true,
    body: {
      phone: body.phone,
      name: body.name ?? null,
      email: body.email ?? null,
      tags: body.tags ?? [],
      custom_fields: body.custom_fields ?? {},
    },
  };
}
