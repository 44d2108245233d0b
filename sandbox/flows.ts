import { locateJson, type Span } from "@/sandbox/json-positions";

/**
 * The Flows API's state and its Flow JSON check. Sources: Meta's Flows API guide
 * (https://developers.facebook.com/docs/whatsapp/flows/reference/flowsapi: create, the FLOW_JSON
 * asset, publish, deprecate, delete a draft, `preview`, `validation_errors` with their lines,
 * columns and pointers) and the Flow lifecycle (DRAFT → PUBLISHED → DEPRECATED; BLOCKED and
 * THROTTLED set by Meta's health monitoring).
 */
export const FLOW_STATUSES = ["DRAFT", "PUBLISHED", "DEPRECATED", "BLOCKED", "THROTTLED"] as const;
export type FlowStatus = (typeof FLOW_STATUSES)[number];

/** Meta's Flow categories (Flows API, `categories` of create). */
export const FLOW_CATEGORIES = [
  "SIGN_UP",
  "SIGN_IN",
  "APPOINTMENT_BOOKING",
  "LEAD_GENERATION",
  "CONTACT_US",
  "CUSTOMER_SUPPORT",
  "SURVEY",
  "OTHER",
] as const;

export type FlowPointer = Span & { path: string };

/** One entry of `validation_errors`, shaped as the Flows API answers it. */
export type FlowValidationError = {
  error: string;
  error_type: string;
  message: string;
  line_start: number;
  line_end: number;
  column_start: number;
  column_end: number;
  pointers: FlowPointer[];
};

export type StoredFlow = {
  id: string;
  waba_id: string;
  name: string;
  categories: string[];
  status: FlowStatus;
  /** the FLOW_JSON asset as uploaded, text; null until one is */
  json: string | null;
  validation_errors: FlowValidationError[];
  endpoint_uri?: string;
  preview?: { preview_url: string; expires_at: string; token: string };
  updated_at: string;
};

/** Flow JSON components (Meta's Flow JSON reference, "Components"); anything else is refused. */
const COMPONENTS = new Set([
  "TextHeading",
  "TextSubheading",
  "TextBody",
  "TextCaption",
  "RichText",
  "TextInput",
  "TextArea",
  "CheckboxGroup",
  "RadioButtonsGroup",
  "ChipsSelector",
  "Dropdown",
  "DatePicker",
  "CalendarPicker",
  "OptIn",
  "EmbeddedLink",
  "Footer",
  "Image",
  "ImageCarousel",
  "PhotoPicker",
  "DocumentPicker",
  "NavigationList",
  "Form",
  "If",
  "Switch",
]);

type Found = { error: string; message: string; path: string };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Every component below a layout: `children`, and If's `then`/`else` and Switch's `cases`. */
function checkComponents(list: unknown, path: string, found: Found[]): void {
  if (!Array.isArray(list)) return;
  list.forEach((c, i) => {
    const at = `${path}[${i}]`;
    if (!isObject(c)) return;
    if (typeof c.type !== "string") {
      found.push({
        error: "MISSING_REQUIRED_PROPERTY",
        message: "Missing required property 'type'.",
        path: at,
      });
    } else if (!COMPONENTS.has(c.type)) {
      found.push({
        error: "INVALID_PROPERTY_VALUE",
        message: `Invalid value found for property 'type': '${c.type}' is not a known component.`,
        path: `${at}.type`,
      });
    }
    checkComponents(c.children, `${at}.children`, found);
    checkComponents(c.then, `${at}.then`, found);
    checkComponents(c.else, `${at}.else`, found);
    if (isObject(c.cases))
      for (const [key, branch] of Object.entries(c.cases))
        checkComponents(branch, `${at}.cases.${key}`, found);
  });
}

function missing(property: string, path: string): Found {
  return { error: "MISSING_REQUIRED_PROPERTY", message: `Missing required property '${property}'.`, path };
}

/**
 * Enough of Meta's Flow JSON validation to answer a malformed Flow as Meta does: not JSON at all,
 * a missing `version` or `screens`, a screen without `id`, a component of an unknown `type`.
 * A missing property points at the object that lacks it (Meta's pointers name what exists).
 * Not checked (the sandbox's choice): versions Meta retired, routing_model, data bindings.
 */
export function validateFlowJson(text: string): FlowValidationError[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    // the sandbox's wording; Meta's own for a syntax error is not published
    const span = { line_start: 1, line_end: 1, column_start: 1, column_end: 1 };
    const message = `Invalid JSON: ${error instanceof Error ? error.message : "unreadable"}`;
    return [{ error: "INVALID_JSON", error_type: "JSON_SCHEMA_ERROR", message, ...span, pointers: [] }];
  }
  const found: Found[] = [];
  if (!isObject(doc)) {
    found.push({ error: "INVALID_PROPERTY_TYPE", message: "The Flow JSON must be an object.", path: "" });
  } else {
    if (typeof doc.version !== "string") found.push(missing("version", ""));
    if (!Array.isArray(doc.screens) || doc.screens.length === 0) found.push(missing("screens", ""));
    else
      doc.screens.forEach((screen, i) => {
        if (!isObject(screen)) return;
        if (typeof screen.id !== "string" || screen.id === "") found.push(missing("id", `screens[${i}]`));
        const layout = screen.layout;
        if (isObject(layout)) checkComponents(layout.children, `screens[${i}].layout.children`, found);
      });
  }
  const spans = locateJson(text);
  return found.map((f) => {
    const span = spans.get(f.path) ?? { line_start: 1, line_end: 1, column_start: 1, column_end: 1 };
    return {
      error: f.error,
      error_type: "FLOW_JSON_ERROR",
      message: f.message,
      ...span,
      pointers: [{ ...span, path: f.path }],
    };
  });
}

/** Graph's date format of `preview.expires_at`: 2023-05-21T11:18:09+0000. */
export function graphDate(d: Date): string {
  return `${d.toISOString().slice(0, 19)}+0000`;
}
