/**
 * A stored message's content (inbound: the mapped contract content; outbound: `{ request, cloud }`
 * as the send endpoint stored it) turned into what the thread shows. Pure, so the server sends
 * the browser a small, typed shape and never raw JSON.
 */
export type ContentView =
  | { kind: "text"; text: string }
  | {
      kind: "media";
      media: string;
      caption: string | null;
      filename: string | null;
      mime_type: string | null;
      link: string | null;
    }
  | {
      kind: "location";
      latitude: number | null;
      longitude: number | null;
      name: string | null;
      address: string | null;
    }
  | { kind: "interactive"; text: string | null; options: string[] }
  /** a Flow message sent: its body and the call to action ("Form sent: <cta>") */
  | { kind: "flow"; text: string | null; cta: string }
  /** a completed Flow: the answer as label: value lines; a malformed one shows its raw text */
  | { kind: "flowAnswer"; fields: { label: string; value: string }[]; raw: string | null }
  | {
      kind: "template";
      name: string;
      language: string | null;
      parameters: string[];
      /** the text the customer read (stored when it was sent); null for messages stored before that */
      rendered: {
        header: string | null;
        body: string | null;
        footer: string | null;
        buttons: { text: string; url: string | null }[];
      } | null;
      /** a media header's link, as sent */
      headerMedia: { media: string; link: string | null } | null;
    }
  | { kind: "unsupported"; type: string };

type Obj = Record<string, unknown>;
const MEDIA = ["image", "audio", "video", "document", "sticker"] as const;

function obj(value: unknown): Obj | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Obj) : undefined;
}
function str(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}
function num(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}
function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/**
 * A Flow field's key as a label: Meta's Flow Builder names fields like `screen_0_First_name_0`
 * (screen prefix, index suffix), hand-written Flows `first_name` or `firstName`.
 */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/^screen_\d+_/i, "")
    .replace(/_\d+$/, "")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_\-.]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

export function fieldValue(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) return value.map(fieldValue).join(", ");
  const o = obj(value);
  if (o)
    return Object.entries(o)
      .map(([k, v]) => `${humanizeKey(k)}: ${fieldValue(v)}`)
      .join("; ");
  return String(value);
}

function flowAnswer(value: Obj): ContentView {
  const response = obj(value.flow_response) ?? {};
  if (response.malformed === true)
    return { kind: "flowAnswer", fields: [], raw: str(response.response_json) ?? "" };
  const fields = Object.entries(obj(response.fields) ?? {}).map(([key, v]) => ({
    label: humanizeKey(key),
    value: fieldValue(v),
  }));
  return { kind: "flowAnswer", fields, raw: null };
}

function interactive(value: Obj): ContentView {
  if (value.type === "flow" && obj(value.flow_response)) return flowAnswer(value);
  if (value.type === "flow") {
    const cta = str(obj(obj(value.action)?.parameters)?.flow_cta) ?? "Open";
    return { kind: "flow", text: str(obj(value.body)?.text), cta };
  }
  const reply = obj(value.reply) ?? obj(value.list_reply);
  if (reply) {
    const title = str(reply.title) ?? str(reply.id) ?? "";
    const label = value.type === "list" ? "Chose from a list" : "Pressed a button";
    return { kind: "interactive", text: `${label}: ${title}`, options: [] };
  }
  const action = obj(value.action) ?? {};
  const buttons = list(action.buttons).map((b) => str(obj(obj(b)?.reply)?.title) ?? str(obj(b)?.title));
  const rows = list(action.sections).flatMap((s) => list(obj(s)?.rows).map((r) => str(obj(r)?.title)));
  const cta = str(obj(action.parameters)?.display_text);
  const options = [...buttons, ...rows, cta].filter((o): o is string => o !== null);
  return { kind: "interactive", text: str(obj(value.body)?.text), options };
}

/** The rendered columns of a stored template message (lib/messages/render-template.ts). */
export type StoredRendering = {
  renderedHeader: string | null;
  renderedBody: string | null;
  renderedFooter: string | null;
  renderedButtons: unknown;
};

function headerMediaOf(value: Obj): { media: string; link: string | null } | null {
  const header = list(value.components)
    .map(obj)
    .find((c) => c?.type === "header");
  const param = obj(list(header?.parameters)[0]);
  const media = str(param?.type);
  if (!param || !media || !["image", "video", "document"].includes(media)) return null;
  return { media, link: str(obj(param[media])?.link) };
}

function renderedOf(r: StoredRendering | undefined) {
  if (!r || (r.renderedBody === null && r.renderedHeader === null)) return null;
  const buttons = list(r.renderedButtons).flatMap((b) => {
    const text = str(obj(b)?.text);
    return text === null ? [] : [{ text, url: str(obj(b)?.url) }];
  });
  return { header: r.renderedHeader, body: r.renderedBody, footer: r.renderedFooter, buttons };
}

function template(value: Obj, rendering: StoredRendering | undefined): ContentView {
  const parameters = list(value.components).flatMap((c) =>
    list(obj(c)?.parameters).map((p) => {
      const param = obj(p) ?? {};
      return str(param.text) ?? str(param.payload) ?? str(param.type) ?? "";
    }),
  );
  return {
    kind: "template",
    name: str(value.name) ?? "template",
    language: str(obj(value.language)?.code),
    parameters,
    rendered: renderedOf(rendering),
    headerMedia: headerMediaOf(value),
  };
}

/** `type` is the stored Message.type; `content` the stored JSON; `rendering` a template's stored text. */
export function toContentView(type: string, content: unknown, rendering?: StoredRendering): ContentView {
  const root = obj(content) ?? {};
  const body = obj(root.request) ?? root;
  if (typeof body.text === "string") return { kind: "text", text: body.text };
  const text = obj(body.text);
  if (text && typeof text.body === "string") return { kind: "text", text: text.body };
  for (const media of MEDIA) {
    const m = obj(body[media]);
    if (!m) continue;
    return {
      kind: "media",
      media,
      caption: str(m.caption),
      filename: str(m.filename),
      mime_type: str(m.mime_type),
      link: str(m.link),
    };
  }
  const location = obj(body.location);
  if (location) {
    const { latitude, longitude, name, address } = location;
    return {
      kind: "location",
      latitude: num(latitude),
      longitude: num(longitude),
      name: str(name),
      address: str(address),
    };
  }
  const reaction = obj(body.reaction);
  if (reaction) {
    const emoji = str(reaction.emoji);
    return { kind: "text", text: emoji ? `Reacted ${emoji}` : "Removed a reaction" };
  }
  if (Array.isArray(body.contacts)) {
    const names = list(body.contacts).map((c) => str(obj(obj(c)?.name)?.formatted_name) ?? "a contact");
    return { kind: "text", text: `Shared ${names.join(", ")}` };
  }
  const inter = obj(body.interactive);
  if (inter) return interactive(inter);
  const tpl = obj(body.template);
  if (tpl) return template(tpl, rendering);
  return { kind: "unsupported", type: str(body.type) ?? type };
}

/** What a message deleted for everyone shows, in the thread and the list. */
export const DELETED_TEXT = "This message was deleted";

/** One line for the conversation list. */
export function previewText(view: ContentView): string {
  switch (view.kind) {
    case "text":
      return view.text;
    case "media":
      return view.caption ? `${view.media}: ${view.caption}` : (view.filename ?? `(${view.media})`);
    case "location":
      return view.name ?? "(location)";
    case "interactive":
      return view.text ?? view.options.join(", ");
    case "flow":
      return `Form sent: ${view.cta}`;
    case "flowAnswer":
      return view.raw === null ? "Form completed" : "Form completed (unreadable answer)";
    case "template":
      return view.rendered?.body ?? view.rendered?.header ?? `Template ${view.name}`;
    default:
      return `(${view.type})`;
  }
}
