/**
 * Titles (and details) of the Cloud API error codes the sandbox can be asked to produce, worded
 * as Meta's error-code reference words them. Used for `failed` statuses and injected faults
 * that give only a code.
 */
export const ERROR_TITLES: Record<number, { title: string; details?: string }> = {
  130429: { title: "Rate limit hit", details: "Cloud API message throughput has been reached." },
  131000: { title: "Something went wrong" },
  131026: {
    title: "Message undeliverable",
    details:
      "Unable to deliver message. Reasons can include: the recipient phone number is not a WhatsApp phone number; the recipient has not accepted our new Terms of Service and Privacy Policy; the recipient is using an old WhatsApp version.",
  },
  131047: {
    title: "Re-engagement message",
    details:
      "Message failed to send because more than 24 hours have passed since the customer last replied to this number.",
  },
  131049: { title: "This message was not delivered to maintain healthy ecosystem engagement." },
  131050: {
    title:
      "Unable to deliver the message. This recipient has chosen to stop receiving marketing messages on WhatsApp from your business.",
  },
  131053: { title: "Media upload error" },
  131056: {
    title: "(Business Account, Consumer Account) pair rate limit hit",
    details:
      "Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time.",
  },
  131057: {
    title: "Account has been put in maintenance mode",
    details: "Business Account is in maintenance mode. This could be due to a throughput upgrade.",
  },
  132001: { title: "Template name does not exist in the translation" },
};
