import type { LookupAddress } from "node:dns";
import { describe, expect, it } from "vitest";
import { classifyAddress } from "@/lib/net/ip-ranges";
import { checkUrlSyntax, guardedLookup, type Resolver, webhookUrlProblem } from "@/lib/net/url-guard";

const strict = { allowLoopback: false };
const dev = { allowLoopback: true };

const resolver =
  (table: Record<string, string[]>): Resolver =>
  async (host) => {
    const found = table[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return found.map((address): LookupAddress => ({ address, family: address.includes(":") ? 6 : 4 }));
  };

describe("checkUrlSyntax: the SSRF table of issue 4 and its odd spellings", () => {
  const refused = [
    "127.0.0.1",
    "127.1",
    "2130706433",
    "0x7f.1",
    "0x7f000001",
    "0177.0.0.1",
    "127.000.000.001",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "169.254.169.254.",
    "100.64.0.1",
    "0.0.0.0",
    "0",
    "224.0.0.1",
    "255.255.255.255",
    "[::1]",
    "[::]",
    "[::ffff:127.0.0.1]",
    "[0:0:0:0:0:ffff:7f00:1]",
    "[::ffff:10.0.0.1]",
    "[::127.0.0.1]",
    "[64:ff9b::10.0.0.1]",
    "[fd00:ec2::254]",
    "[fc00::1]",
    "[fe80::1]",
    "[ff02::1]",
  ];
  for (const host of refused) {
    it(`refuses https://${host}/`, () => {
      const result = checkUrlSyntax(`https://${host}/hook`, strict);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.hint).toMatch(/must be a public address/);
    });
  }

  for (const host of [
    "8.8.8.8",
    "93.184.216.34",
    "172.32.0.1",
    "100.128.0.1",
    "11.0.0.1",
    "[2606:4700::1111]",
  ]) {
    it(`accepts the public address https://${host}/`, () => {
      expect(checkUrlSyntax(`https://${host}/hook`, strict).ok).toBe(true);
    });
  }

  it("names ALLOW_LOOPBACK_URLS when refusing loopback or http://, without a resolved address", () => {
    const loopback = checkUrlSyntax("https://127.0.0.1/hook", strict);
    expect(loopback).toEqual({
      ok: false,
      hint: "must be a public address: 127.0.0.1 is not a public address (loopback; set ALLOW_LOOPBACK_URLS=true for local development)",
    });
    const http = checkUrlSyntax("http://localhost:3000/hook", strict);
    expect(http.ok).toBe(false);
    if (!http.ok) expect(http.hint).toMatch(/\(set ALLOW_LOOPBACK_URLS=true for local development\)$/);
    const privateAddress = checkUrlSyntax("https://10.0.0.1/hook", strict);
    if (!privateAddress.ok) expect(privateAddress.hint).not.toMatch(/ALLOW_LOOPBACK_URLS/);
  });

  it("refuses what is not an https:// URL", () => {
    for (const raw of [
      "http://example.com/hook",
      "ftp://example.com/",
      "not a url",
      "https://",
      "//example.com",
    ]) {
      const result = checkUrlSyntax(raw, strict);
      expect(result.ok, raw).toBe(false);
    }
  });

  it("with ALLOW_LOOPBACK_URLS allows loopback, over http:// too, and nothing else private", () => {
    expect(checkUrlSyntax("http://127.0.0.1:4000/hook", dev).ok).toBe(true);
    expect(checkUrlSyntax("http://[::1]:4000/hook", dev).ok).toBe(true);
    expect(checkUrlSyntax("https://127.1/hook", dev).ok).toBe(true);
    expect(checkUrlSyntax("http://8.8.8.8/hook", dev).ok).toBe(false);
    for (const host of ["10.0.0.1", "169.254.169.254", "0.0.0.0", "192.168.1.1"]) {
      expect(checkUrlSyntax(`https://${host}/`, dev).ok, host).toBe(false);
    }
  });

  it("classifies addresses as Node prints them", () => {
    expect(classifyAddress("127.0.0.1")).toBe("loopback");
    expect(classifyAddress("::ffff:7f00:1")).toBe("loopback");
    expect(classifyAddress("fd00:ec2::254")).toBe("private");
    expect(classifyAddress("2001:4860:4860::8888")).toBe("public");
    expect(classifyAddress("example.com")).toBe("invalid");
    // the forms that lead to IPv4: mapped, translated, NAT64 (both prefixes), 6to4, Teredo, compatible
    for (const address of [
      "::ffff:a00:1",
      "::ffff:0:a00:1",
      "64:ff9b::a9fe:a9fe",
      "64:ff9b:1::a00:1",
      "2002:a00:1::1",
      "2001::a00:1",
      "::a00:1",
    ]) {
      expect(classifyAddress(address), address).toBe("private");
    }
    expect(classifyAddress("::ffff:808:808")).toBe("public");
  });
});

describe("webhookUrlProblem: host names", () => {
  it("refuses a name that resolves to a private address (localhost, through the real resolver)", async () => {
    const local = await webhookUrlProblem("https://localhost/hook", strict);
    expect(local).toBe(
      "must be a public address: localhost is not a public address (loopback; set ALLOW_LOOPBACK_URLS=true for local development)",
    );
    expect(await webhookUrlProblem("http://localhost:3000/hook", dev)).toBeUndefined();
  });

  it("refuses a name when any one of its addresses is private", async () => {
    const resolve = resolver({ "a.example": ["93.184.216.34", "10.1.2.3"], "b.example": ["93.184.216.34"] });
    // the hint never says what the name resolves to: no DNS oracle on internal names
    const hint = await webhookUrlProblem("https://a.example/", strict, resolve);
    expect(hint).toBe("must be a public address: a.example is not a public address");
    expect(hint).not.toMatch(/10\.1\.2\.3|93\.184/);
    expect(await webhookUrlProblem("https://b.example/", strict, resolve)).toBeUndefined();
  });

  it("refuses a name that does not resolve, and http:// to a public name even in development", async () => {
    const resolve = resolver({ "b.example": ["93.184.216.34"] });
    expect(await webhookUrlProblem("https://nope.example/", strict, resolve)).toMatch(/does not resolve/);
    expect(await webhookUrlProblem("http://b.example/", dev, resolve)).toMatch(/https/);
  });
});

describe("guardedLookup: the connect-time check", () => {
  const run = (lookup: ReturnType<typeof guardedLookup>, host: string, all: boolean) =>
    new Promise<{ err: NodeJS.ErrnoException | null; address: string | LookupAddress[] }>((resolve) =>
      lookup(host, { all }, (err, address) => resolve({ err, address })),
    );

  it("hands the socket the checked addresses, one or all", async () => {
    const lookup = guardedLookup(strict, resolver({ "b.example": ["93.184.216.34", "2606:2800:220:1::1"] }));
    expect((await run(lookup, "b.example", false)).address).toBe("93.184.216.34");
    expect((await run(lookup, "b.example", true)).address).toHaveLength(2);
  });

  it("defeats DNS rebinding: public at registration, private at connect time", async () => {
    let calls = 0;
    const rebinding: Resolver = async () => [
      { address: calls++ === 0 ? "93.184.216.34" : "169.254.169.254", family: 4 },
    ];
    expect(await webhookUrlProblem("https://rebind.example/", strict, rebinding)).toBeUndefined();
    const { err } = await run(guardedLookup(strict, rebinding), "rebind.example", true);
    expect(err?.code).toBe("ERR_ADDRESS_REFUSED");
    expect(err?.message).toBe("refused to connect to rebind.example: rebind.example is not a public address");
  });
});
