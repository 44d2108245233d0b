/** Demo templates loaded into the sandbox's demo WABA: every shape the send path knows, in two languages. */
const BUTTONS = {
  type: "BUTTONS",
  buttons: [
    { type: "QUICK_REPLY", text: "Yes, please" },
    { type: "URL", text: "View offer", url: "https://example.com/offers/{{1}}" },
  ],
};

function translations(language: "en_US" | "es", text: Record<string, string>) {
  return [
    {
      name: "hello_world",
      language,
      status: "APPROVED",
      category: "UTILITY",
      components: [{ type: "BODY", text: text.hello }],
    },
    {
      name: "order_update",
      language,
      status: "APPROVED",
      category: "UTILITY",
      components: [
        { type: "BODY", text: text.order, example: { body_text: [["Ada", "A-1001"]] } },
        { type: "FOOTER", text: text.footer },
      ],
    },
    {
      name: "appointment_reminder",
      language,
      status: "APPROVED",
      category: "UTILITY",
      parameter_format: "NAMED",
      components: [
        {
          type: "BODY",
          text: text.appointment,
          example: {
            body_text_named_params: [
              { param_name: "first_name", example: "Ada" },
              { param_name: "time", example: "10:00" },
            ],
          },
        },
      ],
    },
    {
      name: "spring_offer",
      language,
      status: "APPROVED",
      category: "MARKETING",
      components: [
        { type: "HEADER", format: "IMAGE", example: { header_handle: ["https://example.com/spring.jpg"] } },
        { type: "BODY", text: text.offer, example: { body_text: [["20%"]] } },
        BUTTONS,
      ],
    },
  ];
}

export const DEMO_TEMPLATES = [
  ...translations("en_US", {
    hello: "Hello! Thanks for contacting Demo Company.",
    order: "Hi {{1}}, your order {{2}} has shipped.",
    footer: "Demo Company",
    appointment: "Hi {{first_name}}, see you tomorrow at {{time}}.",
    offer: "Spring sale: {{1}} off everything this week.",
  }),
  ...translations("es", {
    hello: "¡Hola! Gracias por contactar a Demo Company.",
    order: "Hola {{1}}, tu pedido {{2}} ha sido enviado.",
    footer: "Demo Company",
    appointment: "Hola {{first_name}}, te esperamos mañana a las {{time}}.",
    offer: "Rebajas de primavera: {{1}} de descuento esta semana.",
  }),
];
