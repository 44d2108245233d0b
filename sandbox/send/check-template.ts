import { errors } from "@/sandbox/errors";
import type { GraphError } from "@/sandbox/graph-error";
import type { TemplateComponent, TemplateObject, TemplateParameter } from "@/sandbox/send/template-object";
import type { SandboxState } from "@/sandbox/state";
import { componentOf, type StoredTemplate, variablesOf } from "@/sandbox/templates";

const TEXT_TYPES = new Set(["text", "currency", "date_time"]);
const SUB_TYPE_OF: Record<string, string> = {
  QUICK_REPLY: "quick_reply",
  URL: "url",
  COPY_CODE: "copy_code",
  FLOW: "flow",
  CATALOG: "catalog",
  VOICE_CALL: "voice_call",
};

function countMismatch(part: string, given: number, expected: number): GraphError {
  return errors.paramCount(
    `${part}: number of localizable_params (${given}) does not match the expected number of params (${expected})`,
  );
}

function checkTextParams(
  part: string,
  params: TemplateParameter[],
  variables: string[],
  named: boolean,
): void {
  if (params.length !== variables.length) throw countMismatch(part, params.length, variables.length);
  for (const p of params) {
    if (!TEXT_TYPES.has(p.type)) {
      throw errors.templateFormat(
        `${part}: Format mismatch, expected TEXT, received ${p.type.toUpperCase()}`,
      );
    }
    if (!named) continue;
    const name = "parameter_name" in p ? p.parameter_name : undefined;
    if (!name) throw errors.invalidParameter(`${part}: Parameter name is missing or empty`);
    if (!variables.includes(name)) {
      throw errors.paramCount(
        `${part}: parameter name (${name}) is not one of the expected params (${variables.join(", ")})`,
      );
    }
  }
}

function checkHeader(template: StoredTemplate, given: TemplateComponent | undefined, named: boolean): void {
  const stored = componentOf(template, "HEADER");
  const params = given?.parameters ?? [];
  const format = stored?.format ?? "TEXT";
  if (!stored || format === "TEXT") {
    checkTextParams("header", params, variablesOf(stored?.text), named);
    return;
  }
  const [first] = params;
  if (params.length !== 1 || !first) throw countMismatch("header", params.length, 1);
  if (first.type.toUpperCase() !== format) {
    throw errors.templateFormat(
      `header: Format mismatch, expected ${format}, received ${first.type.toUpperCase()}`,
    );
  }
}

function checkButtons(template: StoredTemplate, given: TemplateComponent[]): void {
  const stored = componentOf(template, "BUTTONS")?.buttons ?? [];
  const seen = new Set<number>();
  for (const component of given) {
    if (component.sub_type === undefined) throw errors.required("sub_type");
    if (component.index === undefined) throw errors.required("index");
    const button = stored[component.index];
    if (!button)
      throw errors.parameterValue(`Button at index ${component.index} does not exist in the template.`);
    if (seen.has(component.index))
      throw errors.invalidParameter(`Duplicate button component at index ${component.index}.`);
    seen.add(component.index);
    if (SUB_TYPE_OF[button.type] !== component.sub_type) {
      throw errors.parameterValue(
        `Button at index ${component.index} is of type ${button.type}, not ${component.sub_type}.`,
      );
    }
    const params = component.parameters ?? [];
    const expected =
      button.type === "URL" ? variablesOf(button.url).length : button.type === "COPY_CODE" ? 1 : 0;
    // a FLOW button takes at most one `action` parameter (flow_token, flow_action_data): Meta's "Sending a Flow"
    const allowed =
      button.type === "QUICK_REPLY" || button.type === "FLOW"
        ? params.length <= 1
        : params.length === expected;
    if (!allowed) throw countMismatch("button", params.length, expected);
    const wanted = { URL: "text", COPY_CODE: "coupon_code", QUICK_REPLY: "payload", FLOW: "action" }[
      button.type
    ];
    const wrong = params.find((p) => wanted !== undefined && p.type !== wanted);
    if (wrong)
      throw errors.templateFormat(`button: Format mismatch, expected ${wanted}, received ${wrong.type}`);
  }
  stored.forEach((button, index) => {
    const needed =
      button.type === "URL" ? variablesOf(button.url).length : button.type === "COPY_CODE" ? 1 : 0;
    if (needed > 0 && !seen.has(index)) throw countMismatch("button", 0, needed);
  });
}

/** 132001 / 132015 / 132016 / 132000 / 132012 against the templates stored for the WABA. */
export function checkTemplate(state: SandboxState, wabaId: string, sent: TemplateObject): StoredTemplate {
  const found = (state.templates.get(wabaId) ?? []).find(
    (t) => t.name === sent.name && t.language === sent.language.code,
  );
  if (!found) throw errors.templateMissing(sent.name, sent.language.code);
  const status = found.status.toUpperCase();
  if (status === "PAUSED") throw errors.templatePaused(found.name);
  if (status === "DISABLED") throw errors.templateDisabled(found.name);
  if (status !== "APPROVED") throw errors.templateMissing(sent.name, sent.language.code);

  const components = sent.components ?? [];
  const headers = components.filter((c) => c.type === "header");
  const bodies = components.filter((c) => c.type === "body");
  if (headers.length > 1 || bodies.length > 1)
    throw errors.invalidParameter("Duplicate component type in template.");
  const body = componentOf(found, "BODY");
  const named =
    found.parameter_format === "NAMED" ||
    [...variablesOf(body?.text), ...variablesOf(componentOf(found, "HEADER")?.text)].some(
      (v) => !/^\d+$/.test(v),
    );
  checkHeader(found, headers[0], named);
  checkTextParams("body", bodies[0]?.parameters ?? [], variablesOf(body?.text), named);
  checkButtons(
    found,
    components.filter((c) => c.type === "button"),
  );
  return found;
}
