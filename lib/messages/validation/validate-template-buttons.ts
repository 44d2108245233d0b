import type { TemplateComponentInput } from "@/lib/messages/message-schemas";
import type { TemplateProblem } from "@/lib/messages/validation/validate-template-parameters";
import { countTemplateVariables } from "@/lib/messages/validation/validate-template-text";

/** A button of the stored (Cloud API) template: `type` URL, QUICK_REPLY, PHONE_NUMBER, … */
export type CloudTemplateButton = { type: string; text?: string; url?: string };

/** A button component given with the request, and where it sits (`components[2]`). */
export type GivenButton = { component: TemplateComponentInput; at: string };

function buttonProblem(
  given: GivenButton,
  button: CloudTemplateButton | undefined,
  count: number,
): TemplateProblem | undefined {
  const { component: c, at } = given;
  if (!button) {
    return {
      field: `${at}.index`,
      message: `the template has no button at index ${c.index} (it has ${count})`,
    };
  }
  const kind = button.type.toUpperCase();
  const expected = c.sub_type === "url" ? "URL" : c.sub_type === "flow" ? "FLOW" : "QUICK_REPLY";
  if (kind !== expected) {
    const fix =
      kind === "URL"
        ? "use sub_type url"
        : kind === "QUICK_REPLY"
          ? "use sub_type quick_reply"
          : kind === "FLOW"
            ? "use sub_type flow"
            : "it takes no parameters";
    return { field: `${at}.sub_type`, message: `button ${c.index} is a ${kind} button; ${fix}` };
  }
  // a FLOW button takes one action parameter (flow_token, flow_action_data): Meta's "Sending a Flow"
  const wanted = kind === "URL" ? countTemplateVariables(button.url ?? "") : 1;
  if (wanted === 0)
    return { field: at, message: `button ${c.index} has a static URL; it takes no parameters` };
  if (c.parameters.length !== wanted) {
    return {
      field: `${at}.parameters`,
      message: `button ${c.index} takes ${wanted} parameter(s); got ${c.parameters.length}`,
    };
  }
  return undefined;
}

/**
 * Button components against the stored BUTTONS: each index names an existing button of the
 * kind its sub_type says (url: a URL button whose URL has a variable, one text parameter per
 * variable; quick_reply: a QUICK_REPLY button, one payload; flow: a FLOW button, one action), no index twice, and every
 * dynamic URL button of the template is given (the upstream cannot send it otherwise).
 */
export function templateButtonProblems(
  given: GivenButton[],
  buttons: CloudTemplateButton[],
  base: string,
): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const seen = new Set<number>();
  for (const entry of given) {
    const index = entry.component.index ?? -1;
    if (seen.has(index)) {
      problems.push({ field: `${entry.at}.index`, message: `button ${index} is given twice` });
      continue;
    }
    seen.add(index);
    const problem = buttonProblem(entry, buttons[index], buttons.length);
    if (problem) problems.push(problem);
  }
  buttons.forEach((button, index) => {
    if (
      seen.has(index) ||
      button.type.toUpperCase() !== "URL" ||
      countTemplateVariables(button.url ?? "") === 0
    )
      return;
    problems.push({
      field: base,
      message: `button ${index} has a dynamic URL (${button.url}); add a button component with sub_type url, index ${index} and a text parameter`,
    });
  });
  return problems;
}
