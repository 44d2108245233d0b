import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { type TemplateComponentInput, templateComponent } from "@/lib/messages/message-schemas";
import { fieldPath, issueHint } from "@/lib/messages/validation/validate-issue";
import { mediaLinkProblem } from "@/lib/messages/validation/validate-media-link";

export type TemplateProblem = { field: string; message: string };
export type TemplateComponentsOptions = {
  allowLoopback: boolean;
  /** where the components sit in the request: `components` (template send) or `template.components` */
  field?: string;
};

/** The contract's "valid parameter types per component"; a button's depend on its sub_type. */
const ALLOWED: Record<string, readonly string[]> = {
  header: ["text", "image", "video", "document", "location"],
  body: ["text", "currency", "date_time"],
  url: ["text"],
  quick_reply: ["payload"],
  flow: ["action"],
  button: ["text", "payload", "action"],
};

const componentList = z.array(templateComponent);

type Raw = Record<string, unknown>;
const isRecord = (v: unknown): v is Raw => typeof v === "object" && v !== null && !Array.isArray(v);
const lower = (v: unknown) => (typeof v === "string" ? v.toLowerCase() : v);

/** `type` and `sub_type` in any case (the stored template says BODY), `index` also as "0" (the Cloud API's form). */
function normalize(component: unknown): unknown {
  if (!isRecord(component)) return component;
  const out: Raw = { ...component, type: lower(component.type) };
  if ("sub_type" in component) out.sub_type = lower(component.sub_type);
  if (typeof component.index === "string" && /^\d+$/.test(component.index))
    out.index = Number(component.index);
  if (Array.isArray(component.parameters)) {
    out.parameters = component.parameters.map((p) => (isRecord(p) ? { ...p, type: lower(p.type) } : p));
  }
  return out;
}

/** The two codes the contract names on their own; the first one found is thrown. */
function specificError(components: unknown[], base: string): ApiError | undefined {
  for (const [i, c] of components.entries()) {
    if (!isRecord(c)) continue;
    if (c.type === "button" && (c.index === undefined || c.index === null)) {
      const hint = "a button component needs index, the 0-based position of the button in the template";
      return new ApiError("WHATSAPP_TEMPLATE_MISSING_BUTTON_INDEX", `${base}[${i}]: ${hint}.`, {
        field: `${base}[${i}].index`,
        hint,
      });
    }
    const kind =
      c.type === "button" && typeof c.sub_type === "string" && c.sub_type in ALLOWED
        ? c.sub_type
        : String(c.type);
    const allowed = ALLOWED[kind];
    if (!allowed || !Array.isArray(c.parameters)) continue;
    for (const [j, p] of c.parameters.entries()) {
      if (!isRecord(p) || typeof p.type !== "string" || allowed.includes(p.type)) continue;
      const where = kind === c.type ? kind : `${kind} button`;
      const hint = `a ${where} parameter is ${allowed.join(", ")}; got ${p.type}`;
      const field = `${base}[${i}].parameters[${j}].type`;
      return new ApiError("WHATSAPP_TEMPLATE_INVALID_PARAMETER_TYPE", `${field}: ${hint}.`, { field, hint });
    }
  }
  return undefined;
}

function linkProblems(
  components: TemplateComponentInput[],
  base: string,
  allowLoopback: boolean,
): TemplateProblem[] {
  return components.flatMap((c, i) => [
    ...(c.type === "button" && !c.sub_type
      ? [
          {
            field: `${base}[${i}].sub_type`,
            message: "a button component needs sub_type url, quick_reply or flow",
          },
        ]
      : []),
    ...c.parameters.flatMap((p, j) => {
      const media =
        p.type === "image"
          ? p.image
          : p.type === "video"
            ? p.video
            : p.type === "document"
              ? p.document
              : undefined;
      const message = media && mediaLinkProblem(media.link, allowLoopback);
      return message ? [{ field: `${base}[${i}].parameters[${j}].${p.type}.link`, message }] : [];
    }),
  ]);
}

export function invalidComponents(errors: TemplateProblem[]): ApiError {
  const [first] = errors;
  const summary = first ? `${first.field}: ${first.message}` : "invalid";
  return new ApiError(
    "WHATSAPP_TEMPLATE_INVALID_COMPONENTS",
    `The template components are invalid (${summary}).`,
    { errors },
  );
}

/**
 * Checks the shape of template components without the stored template: the two specific codes
 * first (MISSING_BUTTON_INDEX, INVALID_PARAMETER_TYPE, `details: { field, hint }`), then every
 * other problem together in one INVALID_COMPONENTS with `details.errors[]` of `{ field, message }`.
 */
export function parseTemplateComponents(
  components: unknown,
  options: TemplateComponentsOptions,
): TemplateComponentInput[] {
  const base = options.field ?? "components";
  if (!Array.isArray(components)) {
    throw invalidComponents([{ field: base, message: "must be an array of components" }]);
  }
  const normalized = components.map(normalize);
  const specific = specificError(normalized, base);
  if (specific) throw specific;
  const result = componentList.safeParse(normalized, { reportInput: true });
  if (!result.success) {
    throw invalidComponents(
      result.error.issues.map((i) => ({ field: fieldPath(i.path, base), message: issueHint(i) })),
    );
  }
  const problems = linkProblems(result.data, base, options.allowLoopback);
  if (problems.length > 0) throw invalidComponents(problems);
  return result.data;
}
