import { describe, expect, it } from "vitest";
import { limitBucketOf, parseTrustedProxies, resolveClientAddress } from "@/lib/web/client-address";

const none = parseTrustedProxies("");
const proxies = parseTrustedProxies("10.0.0.0/8, 192.168.1.7, ::1");

describe("resolveClientAddress", () => {
  it("without trusted proxies: the peer, whatever X-Forwarded-For says", () => {
    expect(resolveClientAddress("203.0.113.9", "1.2.3.4", none)).toBe("203.0.113.9");
    expect(resolveClientAddress("::ffff:127.0.0.1", "1.2.3.4, 5.6.7.8", none)).toBe("127.0.0.1");
    expect(resolveClientAddress(undefined, "1.2.3.4", none)).toBe("unknown");
    expect(resolveClientAddress("", "1.2.3.4", none)).toBe("unknown");
  });

  it("an untrusted peer is the client even with a header", () => {
    expect(resolveClientAddress("198.51.100.1", "10.1.1.1", proxies)).toBe("198.51.100.1");
  });

  it("through trusted proxies: the right-most entry that is not one of them", () => {
    expect(resolveClientAddress("10.0.0.2", "6.6.6.6, 203.0.113.9", proxies)).toBe("203.0.113.9");
    expect(resolveClientAddress("10.0.0.2", "6.6.6.6, 203.0.113.9, 192.168.1.7, 10.9.9.9", proxies)).toBe(
      "203.0.113.9",
    );
    expect(resolveClientAddress("::1", "2001:db8::5", proxies)).toBe("2001:db8::5");
  });

  it("all hops trusted: the farthest one; garbage stops the walk at the last good hop", () => {
    expect(resolveClientAddress("10.0.0.2", "10.0.0.3, 10.0.0.4", proxies)).toBe("10.0.0.3");
    expect(resolveClientAddress("10.0.0.2", "", proxies)).toBe("10.0.0.2");
    expect(resolveClientAddress("10.0.0.2", "evil, 10.0.0.4", proxies)).toBe("10.0.0.4");
  });

  it("TRUSTED_PROXIES refuses what is not an address or range", () => {
    expect(() => parseTrustedProxies("10.0.0.0/33")).toThrow();
    expect(() => parseTrustedProxies("proxy.example")).toThrow();
  });
});

describe("limitBucketOf", () => {
  it("IPv4 as is, IPv6 as its /64", () => {
    expect(limitBucketOf("203.0.113.9")).toBe("203.0.113.9");
    expect(limitBucketOf("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(limitBucketOf("2001:db8:1:2::1")).toBe(limitBucketOf("2001:db8:1:2:ffff::9"));
    expect(limitBucketOf("::1")).toBe("::/64");
    expect(limitBucketOf("unknown")).toBe("unknown");
  });
});
