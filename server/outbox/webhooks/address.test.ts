import { describe, expect, it } from "vitest";
import { WEBHOOK_MESSAGES } from "../../../common/webhooks/webhooks";
import { AddressRefused, isPrivateAddress, type Resolver, resolveChecked } from "./address";

const STRICT = { allowPrivate: false, allowHttp: false };
const answers =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

/** Each IPv6 form that carries an IPv4 address: private ones inside refused, public ones allowed. */
const FORMS: Array<{ form: string; refused: string[]; allowed: string[] }> = [
  {
    form: "IPv4-compatible ::a.b.c.d (deprecated: never global)",
    refused: ["::127.0.0.1", "::10.0.0.1", "::169.254.169.254", "::7f00:1", "::93.184.216.34"],
    allowed: [],
  },
  {
    form: "IPv4-mapped ::ffff:a.b.c.d",
    refused: [
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::FFFF:10.1.2.3",
      "::ffff:a9fe:a9fe",
      "0:0:0:0:0:ffff:c0a8:101",
    ],
    allowed: ["::ffff:93.184.216.34", "::ffff:5db8:d822"],
  },
  {
    form: "SIIT translated ::ffff:0:a.b.c.d (never global)",
    refused: ["::ffff:0:127.0.0.1", "::ffff:0:a00:1", "::ffff:0:93.184.216.34"],
    allowed: [],
  },
  {
    form: "6to4 2002::/16 (IPv4 in bits 16-48)",
    // 2002:7f00:1:: is 127.0.0.1's, 2002:a9fe:a9fe:: the metadata address's, 2002:c058:6301:: the relay's.
    refused: [
      "2002:7f00:1::",
      "2002:a00:1:1::1",
      "2002:a9fe:a9fe::1",
      "2002:c0a8:101:5::9",
      "2002:c058:6301::",
    ],
    allowed: ["2002:5db8:d822::1", "2002:101:101:1::1"],
  },
  {
    form: "Teredo 2001::/32 (server IPv4 in bits 32-64; client IPv4 inverted in the last 32 bits)",
    refused: [
      // Client 127.0.0.1 (inverted: 80ff:fffe) behind a public server.
      "2001:0:5db8:d822:0:0:80ff:fffe",
      // Client 10.0.0.1 (f5ff:fffe).
      "2001:0:5db8:d822::f5ff:fffe",
      // Client 169.254.169.254 (5601:5601).
      "2001:0:5db8:d822:8000:f227:5601:5601",
      // A private server (192.168.1.1) for a public client (93.184.216.34 inverted: a247:27dd).
      "2001:0:c0a8:101::a247:27dd",
    ],
    allowed: ["2001:0:5db8:d822:8000:f227:a247:27dd", "2001:0:4136:e378:8000:63bf:fefe:fefe"],
  },
  {
    form: "NAT64 well-known prefix 64:ff9b::/96",
    refused: ["64:ff9b::127.0.0.1", "64:ff9b::a00:1", "64:ff9b::a9fe:a9fe", "64:ff9b::192.168.0.1"],
    allowed: ["64:ff9b::93.184.216.34", "64:ff9b::5db8:d822"],
  },
  {
    form: "NAT64 local-use prefix 64:ff9b:1::/48 (the IPv4 sits where each network puts it: refused)",
    refused: ["64:ff9b:1::127.0.0.1", "64:ff9b:1::93.184.216.34", "64:ff9b:1:7f00:0:100::"],
    allowed: [],
  },
];

describe("the webhook address guard", () => {
  describe.each(FORMS)("$form", ({ refused, allowed }) => {
    it("refuses a private embedded address, allows a public one", () => {
      for (const address of refused) expect(isPrivateAddress(address), address).toBe(true);
      for (const address of allowed) expect(isPrivateAddress(address), address).toBe(false);
    });

    it("checks a DNS answer in that form the same way (every address of the answer)", async () => {
      for (const address of refused) {
        const checked = resolveChecked("hooks.example.com", STRICT, answers("93.184.216.34", address));
        await expect(checked, address).rejects.toThrow(new AddressRefused(WEBHOOK_MESSAGES.privateAddress));
      }
      for (const address of allowed)
        await expect(resolveChecked("hooks.example.com", STRICT, answers(address)), address).resolves.toEqual(
          {
            address,
            family: 6,
          },
        );
    });

    it("refuses the form written as the URL's literal host", async () => {
      for (const address of refused)
        await expect(resolveChecked(`[${address}]`, STRICT), address).rejects.toThrow(AddressRefused);
    });
  });

  it("allows only global unicast IPv6: the reserved and special ranges are refused", () => {
    for (const address of [
      "::",
      "::1",
      "100::1", // discard
      "fc00::1",
      "fd00:ec2::254", // a metadata address
      "fe80::1",
      "fe80::1%eth0",
      "fec0::1",
      "ff02::1",
      "2001:db8::1", // documentation
      "3fff::1", // documentation
      "2001:2::1", // benchmarking
      "2001:10::1", // ORCHID
      "4000::1", // not yet allocated
      "5f00::1", // SRv6
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ["2606:4700:4700::1111", "2a00:1450:4009:80b::200e", "2620:4f:8000::1"])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it("allows private addresses, in any form, when the operator says so", async () => {
    const open = { allowPrivate: true, allowHttp: false };
    await expect(resolveChecked("hooks.internal", open, answers("2002:a00:1::1"))).resolves.toEqual({
      address: "2002:a00:1::1",
      family: 6,
    });
  });
});
