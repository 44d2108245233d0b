import { config } from "@/lib/config";
import type { TemplateComponentInput } from "@/lib/messages/message-schemas";
import {
  type CloudTemplateButton,
  templateButtonProblems,
} from "@/lib/messages/validation/validate-template-buttons";
import {
  invalidComponents,
  parseTemplateComponents,
  type TemplateProblem,
} from "@/lib/messages/validation/validate-template-parameters";
import { type GivenComponent, textVariableProblems } from "@/lib/messages/validation/validate-template-text";

/** One component of a stored template, as the Cloud API lists it (`type` HEADER, BODY, FOOTER, BUTTONS). */
export type CloudTemplateComponent = {
  type: string;
  format?: string;
  text?: string;
  buttons?: CloudTemplateButton[];
};

export type StoredTemplateStructure = {
  components: CloudTemplateComponent[];
  parameterFormat: "POSITIONAL" | "NAMED";
};

export type ValidateTemplateOptions = {
  /** `ALLOW_LOOPBACK_URLS` for media parameters; read from config() when not given */
  allowLoopback?: boolean;
  /** where the components sit in the request; `components` by default, `template.components` in a message */
  field?: string;
};

const MEDIA_HEADERS = new Set(["IMAGE", "VIDEO", "DOCUMENT", "LOCATION"]);

function headerProblems(
  stored: CloudTemplateComponent | undefined,
  given: GivenComponent | undefined,
  named: boolean,
  base: string,
): TemplateProblem[] {
  if (!stored)
    return given
      ? [{ field: given.at, message: "the template has no header; leave this component out" }]
      : [];
  const format = (stored.format ?? "TEXT").toUpperCase();
  if (format === "TEXT") {
    const wrong = given?.component.parameters.findIndex((p) => p.type !== "text") ?? -1;
    if (given && wrong >= 0) {
      return [
        {
          field: `${given.at}.parameters[${wrong}].type`,
          message: "the template's header is text; its parameters are text",
        },
      ];
    }
    return textVariableProblems("header", stored.text ?? "", given, named, base);
  }
  if (!MEDIA_HEADERS.has(format)) return [];
  const type = format.toLowerCase();
  if (!given) {
    return [
      {
        field: base,
        message: `the template has a ${format} header; add a header component with one ${type} parameter`,
      },
    ];
  }
  const params = given.component.parameters;
  if (params.length === 1 && params[0]?.type === type) return [];
  return [
    { field: `${given.at}.parameters`, message: `the ${format} header takes exactly one ${type} parameter` },
  ];
}

/**
 * Checks the components of a template send against the stored template before any upstream
 * call. Shape first (parseTemplateComponents: MISSING_BUTTON_INDEX and INVALID_PARAMETER_TYPE
 * on their own), then the stored structure: header and body parameter counts (or names, for a
 * NAMED template), a media header's one parameter, button indexes and kinds. Every structural
 * problem comes back together as WHATSAPP_TEMPLATE_INVALID_COMPONENTS, `details.errors[]` of
 * `{ field, message }`. Returns the components normalized (lowercase types, numeric index).
 */
export function validateTemplateComponents(
  components: unknown,
  stored: StoredTemplateStructure,
  options: ValidateTemplateOptions = {},
): TemplateComponentInput[] {
  const base = options.field ?? "components";
  const allowLoopback = options.allowLoopback ?? config().ALLOW_LOOPBACK_URLS;
  const parsed = parseTemplateComponents(components ?? [], { allowLoopback, field: base });
  const given = parsed.map((component, i) => ({ component, at: `${base}[${i}]` }));
  const problems: TemplateProblem[] = [];
  const single = (type: "header" | "body") => {
    const all = given.filter((g) => g.component.type === type);
    for (const extra of all.slice(1))
      problems.push({ field: extra.at, message: `only one ${type} component is allowed` });
    return all[0];
  };
  const find = (type: string) => stored.components.find((c) => c.type.toUpperCase() === type);
  const named = stored.parameterFormat === "NAMED";
  problems.push(...headerProblems(find("HEADER"), single("header"), named, base));
  problems.push(...textVariableProblems("body", find("BODY")?.text ?? "", single("body"), named, base));
  const buttons = given.filter((g) => g.component.type === "button");
  problems.push(...templateButtonProblems(buttons, find("BUTTONS")?.buttons ?? [], base));
  if (problems.length > 0) throw invalidComponents(problems);
  return parsed;
}
