import { describe, expect, it } from "vitest";
import { clientKey, clientNetwork } from "./client-key";

const cipher = { hash: (v: string) => `h(${v})`.padEnd(30, "-") };

describe("clientNetwork: what a per-client limit counts as one client", () => {
  it("an IPv4 address is itself, also written IPv4-mapped", () => {
    expect(clientNetwork("203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork("::FFFF:127.0.0.1")).toBe("127.0.0.1");
  });
  it("an IPv6 address is its /64, however it is written", () => {
    expect(clientNetwork("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2001:0db8:0001:0002:ffff:ffff:ffff:fffe")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2001:DB8:1:2:a:b:c:d")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
    expect(clientNetwork("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(clientNetwork("64:ff9b::192.0.2.33")).toBe("64:ff9b:0:0::/64");
  });
  it("two /64s are two clients; no address is 'unknown'", () => {
    expect(clientNetwork("2001:db8:1:2::1")).not.toBe(clientNetwork("2001:db8:1:3::1"));
    expect(clientNetwork(undefined)).toBe("unknown");
  });
  it("the key is the same for every address of one /64 and differs between IPv4 clients", () => {
    const keys = new Set(Array.from({ length: 20 }, (_, i) => clientKey({ cipher }, `2001:db8:1:2::${(i + 1).toString(16)}`)));
    expect(keys.size).toBe(1);
    expect(clientKey({ cipher }, "198.51.100.1")).not.toBe(clientKey({ cipher }, "198.51.100.2"));
  });
});
