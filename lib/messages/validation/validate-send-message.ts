import type { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { config } from "@/lib/config";
import {
  audioContent,
  bsuidSchema,
  documentContent,
  imageContent,
  locationContent,
  messageCommon,
  reactionContent,
  type SendMessageInput,
  type TemplateInput,
  templateHead,
  textContent,
  videoContent,
} from "@/lib/messages/message-schemas";
import { validateInteractive } from "@/lib/messages/validation/validate-interactive";
import { SEND_CODES, toFieldError } from "@/lib/messages/validation/validate-issue";
import { mediaLinkProblem } from "@/lib/messages/validation/validate-media-link";
import { parseTemplateComponents } from "@/lib/messages/validation/validate-template-parameters";

export type SendMessageOptions = {
  /** `ALLOW_LOOPBACK_URLS`; read from config() when not given */
  allowLoopback?: boolean;
  /** where template components sit in the caller's request (the template send endpoint: `components`) */
  componentsField?: string;
};

function parseField<S extends z.ZodType>(schema: S, value: unknown, field: string): z.output<S> {
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw toFieldError(result.error, SEND_CODES, field);
  return result.data;
}

function withLink<T extends { link: string }>(media: T, field: string, allowLoopback: boolean): T {
  const hint = mediaLinkProblem(media.link, allowLoopback);
  if (hint)
    throw new ApiError("VALIDATION_INVALID_FIELD", `${field}.link ${hint}.`, {
      field: `${field}.link`,
      hint,
    });
  return media;
}

/** The `template` object of a send (or a broadcast): name, language.code and the components' shape. */
export function templateOf(value: unknown, allowLoopback: boolean, componentsField: string): TemplateInput {
  // an absent language is reported as the field the contract requires, template.language.code
  const withLanguage =
    value && typeof value === "object" && (value as { language?: unknown }).language == null
      ? { ...value, language: {} }
      : value;
  const head = parseField(templateHead, withLanguage, "template");
  const given = (value as { components?: unknown }).components;
  if (given === undefined || given === null) return head;
  const components = parseTemplateComponents(given, { allowLoopback, field: componentsField });
  return { ...head, components };
}

const isAbsent = (value: unknown) => value === undefined || value === null || value === "";
const byPhone = messageCommon.omit({ recipient: true }).extend({ to: messageCommon.shape.to.unwrap() });
const byRecipient = messageCommon.omit({ to: true }).extend({ recipient: bsuidSchema });

/**
 * `to` wins when both are given (its recipient is then dropped); without either, the error is
 * the contract's missing `to`, as before business-scoped user ids existed.
 */
function byPhoneOrRecipient(body: Record<string, unknown>) {
  const phoneGiven = !(typeof body.to === "string" ? body.to.trim() === "" : isAbsent(body.to));
  return phoneGiven || isAbsent(body.recipient) ? byPhone : byRecipient;
}

/**
 * Checks a send body against the contract before anything else happens (no database, no
 * upstream): `to` (or `recipient`), `type` and `channel_id` first, then the object named after `type`.
 * Template components are checked here for shape only; the handler checks them against the
 * stored template with validateTemplateComponents. Unknown fields are dropped (rule 3), so
 * an audio caption simply disappears.
 */
export function validateSendMessage(
  body: Record<string, unknown>,
  options: SendMessageOptions = {},
): SendMessageInput {
  const allowLoopback = options.allowLoopback ?? config().ALLOW_LOOPBACK_URLS;
  const { type, ...common } = parseField(byPhoneOrRecipient(body), body, "");
  const content = body[type];
  if (content === undefined || content === null) {
    throw new ApiError("VALIDATION_MISSING_FIELD", `Missing required field: ${type}.`, {
      field: type,
      hint: `a ${type} message carries a ${type} object`,
    });
  }
  switch (type) {
    case "text":
      return { ...common, type, text: parseField(textContent, content, type) };
    case "image":
      return {
        ...common,
        type,
        image: withLink(parseField(imageContent, content, type), type, allowLoopback),
      };
    case "audio":
      return {
        ...common,
        type,
        audio: withLink(parseField(audioContent, content, type), type, allowLoopback),
      };
    case "video":
      return {
        ...common,
        type,
        video: withLink(parseField(videoContent, content, type), type, allowLoopback),
      };
    case "document":
      return {
        ...common,
        type,
        document: withLink(parseField(documentContent, content, type), type, allowLoopback),
      };
    case "location":
      return { ...common, type, location: parseField(locationContent, content, type) };
    case "template":
      return {
        ...common,
        type,
        template: templateOf(content, allowLoopback, options.componentsField ?? "template.components"),
      };
    case "interactive":
      return { ...common, type, interactive: validateInteractive(content, { allowLoopback }) };
    case "reaction":
      return { ...common, type, reaction: parseField(reactionContent, content, type) };
  }
}
