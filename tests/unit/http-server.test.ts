/** The server's per-client connection bound (server/http-server.ts): which client a connection counts for. */
import { clientKey } from "../../server/http-server";

describe("clientKey", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002::1", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
  ])("%s counts as %s", (address, key) => {
    expect(clientKey(address)).toBe(key);
  });

  it("puts every address of one IPv6 /64 together, and another /64 apart", () => {
    expect(clientKey("2001:db8:aa:bb::1")).toBe(clientKey("2001:db8:aa:bb:1234:5678:9abc:def0"));
    expect(clientKey("2001:db8:aa:bb::1")).not.toBe(clientKey("2001:db8:aa:bc::1"));
  });
});
