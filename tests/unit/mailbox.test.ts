import { describe, expect, it } from "vitest";
import { mailboxOf } from "#server/mail/address.ts";

describe("the mailbox an address reaches", () => {
  it.each([
    ["Thandi.Nkosi@Gmail.com", "thandinkosi@gmail.com"],
    [" thandi.nkosi+newsletter@gmail.com ", "thandinkosi@gmail.com"],
    ["t.h.a.n.d.i.nkosi@googlemail.com", "thandinkosi@gmail.com"],
    ["Lerato+blog@Dlamini.co.za", "lerato@dlamini.co.za"],
    ["lerato+a+b@dlamini.co.za", "lerato@dlamini.co.za"],
    // Dots count outside Gmail: another provider may deliver first.last and firstlast to two people.
    ["first.last@example.co.za", "first.last@example.co.za"],
    // A name that is all tag stays as it is; so does what is no address.
    ["+tag@example.co.za", "+tag@example.co.za"],
    ["not an address", "not an address"],
    // An internationalised domain, however the browser posted it.
    ["info+x@xn--mller-kva.co.za", "info@müller.co.za"],
  ])("%s is %s", (address, mailbox) => {
    expect(mailboxOf(address)).toBe(mailbox);
  });
});
