import type { TemplateComponentInput, TemplateParameterInput } from "@/lib/messages/message-schemas";
import type { TemplateProblem } from "@/lib/messages/validation/validate-template-parameters";

/** A component given with the request, and where it sits (`components[1]`). */
export type GivenComponent = { component: TemplateComponentInput; at: string };

const VARIABLE = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** `Hi {{1}}, order {{ order_id }}` → `["1", "order_id"]`: each variable once, in order of appearance. */
export function templateVariables(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(VARIABLE), (m) => m[1] ?? ""))];
}

export function countTemplateVariables(text: string): number {
  return templateVariables(text).length;
}

const braces = (names: string[]) => names.map((v) => `{{${v}}}`).join(", ");

function nameOf(p: TemplateParameterInput): string | undefined {
  return "parameter_name" in p ? p.parameter_name : undefined;
}

function positionalProblems(params: TemplateParameterInput[], vars: string[], at: string): TemplateProblem[] {
  const problems = params.flatMap((p, j) =>
    nameOf(p) === undefined
      ? []
      : [
          {
            field: `${at}.parameters[${j}].parameter_name`,
            message: "this template has positional variables ({{1}}); leave parameter_name out",
          },
        ],
  );
  if (params.length !== vars.length) {
    problems.unshift({
      field: `${at}.parameters`,
      message: `expected ${vars.length} parameter(s) for ${braces(vars)}; got ${params.length}`,
    });
  }
  return problems;
}

function namedProblems(params: TemplateParameterInput[], vars: string[], at: string): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const seen = new Set<string>();
  params.forEach((p, j) => {
    const name = nameOf(p);
    const field = `${at}.parameters[${j}].parameter_name`;
    if (name === undefined) {
      problems.push({
        field,
        message: `this template has named variables; give parameter_name, one of ${braces(vars)}`,
      });
    } else if (!vars.includes(name)) {
      problems.push({
        field,
        message: `{{${name}}} is not a variable of this template; expected one of ${braces(vars)}`,
      });
    } else if (seen.has(name)) {
      problems.push({ field, message: `{{${name}}} is given twice` });
    }
    if (name !== undefined) seen.add(name);
  });
  const missing = vars.filter((v) => !seen.has(v));
  if (missing.length > 0)
    problems.push({ field: `${at}.parameters`, message: `missing parameter(s) for ${braces(missing)}` });
  return problems;
}

/**
 * The parameters of a header or body against the variables of its stored text: positional
 * templates take one parameter per variable, in order, without parameter_name; named templates
 * one per variable, each naming it in parameter_name (in any order). A text with variables
 * needs its component; one without takes none.
 */
export function textVariableProblems(
  kind: "header" | "body",
  text: string,
  given: GivenComponent | undefined,
  named: boolean,
  base: string,
): TemplateProblem[] {
  const vars = templateVariables(text);
  if (!given) {
    if (vars.length === 0) return [];
    const message = `the template's ${kind} has variables ${braces(vars)}; add a ${kind} component with ${vars.length} parameter(s)`;
    return [{ field: base, message }];
  }
  if (vars.length === 0)
    return [
      { field: given.at, message: `the template's ${kind} has no variables; leave this component out` },
    ];
  const params = given.component.parameters;
  return named ? namedProblems(params, vars, given.at) : positionalProblems(params, vars, given.at);
}
