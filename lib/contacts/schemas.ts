import { z } from "zod";
import { pageQuery } from "@/lib/api/pagination";
import { callPermissionJson } from "@/lib/contacts/call-permission";
import { normalizePhone } from "@/lib/contacts/phone";
import { referralSchema } from "@/lib/events/referral";

/** design.md count limits */
export const CONTACT_LIMITS = {
  tags: 50,
  tagLength: 64,
  customFields: 50,
  customFieldKeyLength: 64,
  customFieldValueLength: 1024,
} as const;

export const phoneSchema = z.string().transform((value, ctx) => {
  const result = normalizePhone(value);
  if (!result.ok) {
    ctx.addIssue({ code: "custom", message: result.hint, params: { code: "VALIDATION_INVALID_PHONE" } });
    return z.NEVER;
  }
  return result.e164;
});

/** phone is required: an empty string counts as missing (VALIDATION_MISSING_FIELD). */
export const requiredPhoneSchema = z.preprocess(
  (v) => ((typeof v === "string" && v.trim() === "") || v === null ? undefined : v),
  phoneSchema,
);

const tagSchema = z
  .string()
  .trim()
  .min(1, "a tag cannot be empty")
  .max(CONTACT_LIMITS.tagLength, `a tag has at most ${CONTACT_LIMITS.tagLength} characters`);

export const tagsSchema = z
  .array(tagSchema)
  .max(CONTACT_LIMITS.tags, `at most ${CONTACT_LIMITS.tags} tags a contact`)
  .transform((tags) => [...new Set(tags)]);

export const customFieldsSchema = z
  .record(
    z
      .string()
      .min(1)
      .max(
        CONTACT_LIMITS.customFieldKeyLength,
        `keys have at most ${CONTACT_LIMITS.customFieldKeyLength} characters`,
      ),
    z.union(
      [
        z
          .string()
          .max(
            CONTACT_LIMITS.customFieldValueLength,
            `string values have at most ${CONTACT_LIMITS.customFieldValueLength} characters`,
          ),
        z.number().refine(Number.isFinite, "numbers must be finite"),
        z.boolean(),
      ],
      { error: "values must be a string, number or boolean" },
    ),
  )
  .refine(
    (o) => Object.keys(o).length <= CONTACT_LIMITS.customFields,
    `at most ${CONTACT_LIMITS.customFields} custom fields`,
  );

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    z.string().trim().max(max).nullish(),
  );

export const emailSchema = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? null : typeof v === "string" ? v.trim() : v),
  z.email("not a valid e-mail address").max(254).nullish(),
);

export const createContactBody = z
  .object({
    phone: requiredPhoneSchema.meta({ description: "E.164, with or without +", example: "+14155550123" }),
    name: optionalText(200).meta({ description: "Full name" }),
    email: emailSchema.meta({ description: "E-mail address" }),
    tags: tagsSchema.optional().meta({ description: "Labels; new tags are created organization-wide" }),
    custom_fields: customFieldsSchema
      .optional()
      .meta({ description: "Key-value pairs with primitive values" }),
  })
  .meta({ id: "CreateContactBody" });

export type CreateContactBody = z.infer<typeof createContactBody>;

/** The create rules, every field optional: a field left out keeps its value; phone cannot be cleared. */
export const updateContactBody = createContactBody
  .partial()
  .extend({ phone: requiredPhoneSchema.optional() });
export type UpdateContactBody = z.infer<typeof updateContactBody>;

/** The tag input's autocomplete: tags starting with `q`. */
export const tagsQuery = z.object({ q: z.string().trim().max(64).optional().default("") });

export const listContactsQuery = pageQuery
  .extend({
    search: z.string().trim().max(200).optional().meta({
      description:
        "Matches name, phone, e-mail or username anywhere in them, or a business-scoped user id exactly",
    }),
  })
  .meta({ id: "ListContactsQuery" });

/** A contact's ad referral: the message's (lib/events/referral.ts) and when the customer wrote. */
const contactReferral = referralSchema
  .extend({ at: z.iso.datetime().meta({ description: "When the customer wrote from the ad" }) })
  .meta({ id: "ContactAdReferral" });

export const contactJson = z
  .object({
    id: z.uuid().meta({ description: "Unique contact id" }),
    phone: z.string().nullable().meta({
      description: "E.164 with +; null only for a contact known by its business-scoped user id alone",
      example: "+14155550123",
    }),
    name: z.string().nullable().meta({ description: "Full name" }),
    email: z.string().nullable().meta({ description: "E-mail address" }),
    tags: z.array(z.string()).meta({ description: "Organization-wide labels on the contact" }),
    custom_fields: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
      .meta({ description: "Free key-value pairs with primitive values" }),
    marketing_opt_out: z.boolean().meta({
      description:
        "The customer stopped marketing messages (WhatsApp's setting, or one of the organization's stop words): MARKETING templates are not sent to them",
    }),
    created_at: z.iso.datetime().meta({ description: "Creation time (ISO 8601)" }),
    updated_at: z.iso.datetime().meta({ description: "Last update time (ISO 8601)" }),
    bsuid: z.string().nullable().meta({
      description:
        "Additive: the customer's business-scoped user id (Meta's `user_id`, e.g. `US.13491208655302741918`), learned from their messages; send to it with `recipient`",
      example: "US.13491208655302741918",
    }),
    username: z.string().nullable().meta({
      description: "Additive: the customer's WhatsApp username, when they adopted one (it can change)",
      example: "@cycling.cy",
    }),
    blocked: z.boolean().meta({
      description:
        "Additive: blocked on WhatsApp (Meta's block_users); sends to the contact answer WHATSAPP_RECIPIENT_BLOCKED",
    }),
    marketing_opt_out_at: z.iso.datetime().nullable().meta({
      description:
        "Additive: when the marketing preference last changed (the customer's stop or resume, or a staff member clearing the opt-out); null: never",
    }),
    marketing_opt_out_source: z.enum(["stop_word", "whatsapp"]).nullable().meta({
      description:
        "Additive: how the customer stopped marketing messages: `stop_word` (they wrote one of the organization's stop words) or `whatsapp` (WhatsApp's own setting); null when not opted out, or opted out before the source was kept",
    }),
    first_referral: contactReferral.nullable().meta({
      description:
        "Additive: the first click-to-WhatsApp ad (or post) the customer wrote from, as `message.inbound`'s `referral` (camelCase, like it) with `at`; null: never came from an ad",
    }),
    latest_referral: contactReferral.nullable().meta({
      description: "Additive: the latest click-to-WhatsApp ad (or post) the customer wrote from; null: never",
    }),
    call_permission: callPermissionJson,
  })
  .meta({ id: "Contact" });

export type ContactJson = z.infer<typeof contactJson>;
