import { describe, expect, it } from "vitest";
import { describeFailure } from "@/lib/broadcasts/describe-failure";

const header = (link: string) => [
  { type: "header", parameters: [{ type: "image", image: { link } }] },
  { type: "body", parameters: [{ type: "text", text: "{{contact.name|there}}" }] },
];

describe("describeFailure", () => {
  it("131053 names the header link WhatsApp could not download, with what to do", () => {
    const words = describeFailure(
      "131053",
      "Downloading media from weblink failed with http code 404",
      header("https://cdn.example.com/spring.jpg"),
    );
    expect(words.message).toBe(
      "WhatsApp could not download the header image at https://cdn.example.com/spring.jpg.",
    );
    expect(words.hint).toMatch(/opens in a browser without signing in/);
  });

  it("a known code gets the guide's meaning and hint; an unknown one the upstream's words and its code", () => {
    expect(describeFailure("132015", null, [])).toEqual({
      code: "132015",
      message: "WhatsApp paused the template because customers rated it poorly.",
      hint: expect.stringMatching(/another one/),
    });
    expect(describeFailure("999001", "Something odd", null)).toEqual({
      code: "999001",
      message: "WhatsApp refused the message: Something odd (error 999001).",
    });
    expect(describeFailure("unreachable", null, null).message).toMatch(/could not be reached/);
  });
});
