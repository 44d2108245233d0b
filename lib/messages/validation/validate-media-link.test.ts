import { describe, expect, it } from "vitest";
import { isHttpUrl } from "@/lib/messages/http-url";
import { isLoopbackHost, mediaLinkProblem } from "@/lib/messages/validation/validate-media-link";

const LOOPBACK = [
  "http://localhost/a.jpg",
  "http://localhost:4010/_sandbox/media/sample.jpg",
  "http://api.localhost/a.jpg",
  "http://127.0.0.1:4010/a.jpg",
  "http://127.8.9.10/a.jpg",
  "http://127.1/a.jpg",
  "http://2130706433/a.jpg",
  "http://0x7f.0.0.1/a.jpg",
  "http://[::1]:4010/a.jpg",
  "http://[::ffff:127.0.0.1]/a.jpg",
  "https://localhost/a.jpg",
];

describe("mediaLinkProblem", () => {
  it("accepts public https links in either mode", () => {
    for (const allowLoopback of [false, true]) {
      expect(mediaLinkProblem("https://cdn.example.com/a.jpg", allowLoopback)).toBeUndefined();
      expect(mediaLinkProblem("https://93.184.216.34/a.jpg?sig=1", allowLoopback)).toBeUndefined();
    }
  });

  it("refuses http to public hosts in either mode", () => {
    expect(mediaLinkProblem("http://cdn.example.com/a.jpg", false)).toMatch(/https/);
    expect(mediaLinkProblem("http://cdn.example.com/a.jpg", true)).toMatch(/https/);
  });

  it.each(LOOPBACK)("%s: refused without ALLOW_LOOPBACK_URLS, accepted with it", (link) => {
    expect(mediaLinkProblem(link, false)).toMatch(/loopback/);
    expect(mediaLinkProblem(link, true)).toBeUndefined();
  });

  it("refuses private, link-local and unspecified addresses, even over https and with the flag", () => {
    for (const host of [
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "[fd00::1]",
      "[fe80::1]",
      "[::]",
    ]) {
      expect(mediaLinkProblem(`https://${host}/a.jpg`, true)).toMatch(/private/);
    }
    expect(mediaLinkProblem("https://172.32.0.1/a.jpg", false)).toBeUndefined();
  });

  it("refuses what is not an absolute http(s) URL", () => {
    for (const link of [
      "cdn.example.com/a.jpg",
      "/a.jpg",
      "ftp://example.com/a.jpg",
      "file:///etc/passwd",
      "data:image/png;base64,AAAA",
      "",
    ]) {
      expect(mediaLinkProblem(link, true)).toMatch(/absolute https/);
    }
  });
});

describe("isLoopbackHost and isHttpUrl", () => {
  it("judges host names", () => {
    expect(isLoopbackHost("LOCALHOST.")).toBe(true);
    expect(isLoopbackHost("127.0.0.1")).toBe(true);
    expect(isLoopbackHost("128.0.0.1")).toBe(false);
    expect(isLoopbackHost("localhost.example.com")).toBe(false);
  });

  it("accepts http and https only", () => {
    expect(isHttpUrl("https://example.com/x")).toBe(true);
    expect(isHttpUrl("http://example.com")).toBe(true);
    expect(isHttpUrl("mailto:a@example.com")).toBe(false);
    expect(isHttpUrl("javascript:alert(1)")).toBe(false);
    expect(isHttpUrl("example.com")).toBe(false);
  });
});
