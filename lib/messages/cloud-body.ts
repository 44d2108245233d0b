import type { SendMessageInput, TemplateComponentInput, TemplateInput } from "@/lib/messages/message-schemas";

export type CloudBodyOptions = {
  /** our message id; the upstream echoes it in status notifications (design.md, Send) */
  bizOpaqueCallbackData: string;
};

type Json = Record<string, unknown>;

/** Keys whose value is undefined are left out, so the body holds only what was given. */
function defined(object: Json): Json {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
}

/** The Cloud API writes a button's index as a string ("0"); the parameters pass as validated. */
function cloudComponent(component: TemplateComponentInput): Json {
  if (component.type !== "button") return { type: component.type, parameters: component.parameters };
  return {
    type: "button",
    sub_type: component.sub_type,
    index: String(component.index),
    parameters: component.parameters,
  };
}

function cloudTemplate(template: TemplateInput): Json {
  const components = template.components ?? [];
  return defined({
    name: template.name,
    language: { code: template.language.code },
    components: components.length > 0 ? components.map(cloudComponent) : undefined,
  });
}

function content(input: SendMessageInput): Json {
  switch (input.type) {
    case "text":
      return { body: input.text.body, preview_url: input.text.preview_url };
    case "image":
      return defined({ link: input.image.link, caption: input.image.caption });
    case "audio":
      return { link: input.audio.link };
    case "video":
      return defined({ link: input.video.link, caption: input.video.caption });
    case "document": {
      const { link, caption, filename } = input.document;
      return defined({ link, caption, filename });
    }
    case "location": {
      const { latitude, longitude, name, address } = input.location;
      return defined({ latitude, longitude, name, address });
    }
    case "template":
      return cloudTemplate(input.template);
    case "interactive":
      return input.interactive;
    case "reaction":
      return { message_id: input.reaction.message_id, emoji: input.reaction.emoji };
  }
}

/**
 * The exact request body of `POST /{version}/{phone_number_id}/messages` for a validated send:
 * the recipient as digits (the Cloud API's wa_id form) or a business-scoped user id, the type object in the Cloud API's
 * shape, and our message id as `biz_opaque_callback_data` so status notifications can be
 * matched even when the send response was lost.
 */
export function toCloudBody(input: SendMessageInput, opts: CloudBodyOptions): Record<string, unknown> {
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    // a customer known only by business-scoped user id: the Cloud API's top-level `recipient`
    // (Meta's newer send API) takes the place of `to`; the two are never sent together
    ...(input.to === undefined ? { recipient: input.recipient } : { to: input.to.replace(/^\+/, "") }),
    type: input.type,
    [input.type]: content(input),
    biz_opaque_callback_data: opts.bizOpaqueCallbackData,
  };
}
