import { describe, expect, it } from "vitest";
import { phoneHref, specContact } from "#app/content/contact-details.ts";
import { contactValuesOf, readContactPost } from "#app/content/contact-form.ts";
import { parseContact } from "#server/site-content/schema.ts";

/**
 * The contact details editor's form (decision 0052): SPEC.md's details read back unchanged; a South
 * African phone typed either way is stored as "+27 11 568 0287", its link made from it; an invalid email,
 * another country's number, an empty or over-long field are refused beside the field, with what was typed kept.
 */

const posted = (changes: Record<string, string> = {}) => ({ ...contactValuesOf(specContact), ...changes });

describe("the contact details form", () => {
  it("reads SPEC.md's details back as they are, a document the server takes", () => {
    const read = readContactPost(posted());
    expect(read).toMatchObject({ ok: true, content: specContact });
    if (read.ok) expect(parseContact(JSON.stringify(read.content))).toEqual(specContact);
    expect(phoneHref(specContact.phone)).toBe("tel:+27115680287");
  });

  it.each([
    ["011 568 0287", "+27 11 568 0287"],
    ["0821234567", "+27 82 123 4567"],
    ["+27821234567", "+27 82 123 4567"],
    [" +27 21  555 0100 ", "+27 21 555 0100"],
  ])("takes %j as a South African number, shown as %j", (typed, shown) => {
    const read = readContactPost(posted({ phone: typed }));
    expect(read).toMatchObject({ ok: true, content: { phone: shown }, values: { phone: shown } });
  });

  it.each(["+44 20 7946 0958", "011 568 028", "+27 011 568 0287", "011-568-0287", "call us"])("refuses %j, keeping it", (typed) => {
    const read = readContactPost(posted({ phone: typed }));
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors.phone).toMatch(/^Give a South African number: \+27 and its 9 digits, or 0 and the same 9/);
    expect(read.values.phone).toBe(typed.trim());
    expect(Object.keys(read.errors)).toEqual(["phone"]);
  });

  it("refuses an invalid email, empty fields and fields too long for the footer and the profile, keeping what was typed", () => {
    const read = readContactPost(
      posted({ email: "info@roimedia", phoneHours: "", locality: "Johannesburg Metropolitan Municipality", region: " " }),
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors).toEqual({
      email: "Give an email address as name@domain, e.g. info@roimedia.co.za.",
      phoneHours: "Give the phone hours.",
      locality: "City is 38 characters: keep it to 18, as the page's card holds.",
      region: "Give the province.",
    });
    expect(read.values).toMatchObject({ email: "info@roimedia", locality: "Johannesburg Metropolitan Municipality" });
    const long = readContactPost(posted({ email: "new-business-enquiries@roimedia.co.za" }));
    expect(long).toMatchObject({ ok: false, errors: { email: "Email is 37 characters: keep it to 28, as the page's card holds." } });
  });

  it("reads back a stored document only with its phone as the form stores it and no field empty", () => {
    expect(parseContact(JSON.stringify({ ...specContact, phone: "011 568 0287" }))).toBeNull();
    expect(parseContact(JSON.stringify({ ...specContact, email: "" }))).toBeNull();
  });
});
