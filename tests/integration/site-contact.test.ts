import { describe, expect, it } from "vitest";
import { articlePath } from "#app/content/articles.ts";
import { articles } from "#app/content/blog.server.ts";
import { phoneHref, specContact } from "#app/content/contact-details.ts";
import { contactValuesOf } from "#app/content/contact-form.ts";
import { companyProfilePdf } from "#app/forms/company-profile-pdf.ts";
import { calendarPart, parseInvitation } from "#tests/support/booking-ical.ts";
import { BOOKING_HMAC_KEY, bookSlot, offeredSlots } from "#tests/support/booking-posts.ts";
import { databaseKinds } from "#tests/support/database.ts";
import { decodeMime, enhanced, postLead, solveAltcha, waitFor, writtenMail, writtenMailAsSent } from "#tests/support/leads.ts";
import { pdfText } from "#tests/support/pdf-text.ts";
import { useSiteEditors } from "#tests/support/site-editors.ts";

/**
 * The agency's contact details and hours as a record it edits in the inbox (decision 0052), on the built
 * server: a save is in the footer of the prepared pages (the home page, an article's), on /contact's cards,
 * in /privacy, in the structured data and in the company profile when the save answers, and signs the mails
 * made after it; a refused edit
 * stores nothing and keeps what was typed; a reader is refused by the server; restoring the first revision
 * brings back SPEC.md's. SQLite and PostgreSQL.
 */

const CAPE_TOWN = {
  email: "hello@roimedia.co.za",
  // Typed the national way: shown as +27 21 555 0100.
  phone: "021 555 0100",
  phoneHours: "Weekdays 8AM-5PM SAST",
  locality: "Cape Town",
  region: "Western Cape",
};
const SHOWN_PHONE = "+27 21 555 0100";
const article = articlePath(articles[0]!.slug);
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
    .map((match) => JSON.parse(match[1]!) as Record<string, unknown>)
    .find((data) => data["@type"] === "ProfessionalService");

describe.each(databaseKinds)("the contact details editor on the built server (%s)", (kind) => {
  // The booking form's tokens are made here with the server's key.
  const site = useSiteEditors(kind, "contact", ["192.0.2.95", "192.0.2.96"], { ALTCHA_HMAC_KEY: BOOKING_HMAC_KEY });
  const { get } = site;

  it("refuses an invalid email and a number that is not South African, storing nothing and keeping what was typed", async () => {
    const refused = await site.editor.post("/admin/contact", {
      intent: "save",
      version: "1",
      ...contactValuesOf(specContact),
      email: "info@roimedia",
      phone: "+44 20 7946 0958",
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Give an email address as name@domain");
    expect(refused.text).toContain("Give a South African number: +27 and its 9 digits");
    expect(refused.text).toContain('value="+44 20 7946 0958"');
    expect(refused.text).toContain('value="info@roimedia"');
    expect(await (await get("/")).text()).toContain(`href="mailto:${specContact.email}"`);
    expect((await site.editor.request("/admin/contact")).text).toContain("Version 1,");
  });

  it("shows the new details in the prepared pages' footer, on /contact, /privacy, the structured data and the company profile", async () => {
    const saved = await site.editor.post("/admin/contact", { intent: "save", version: "1", ...CAPE_TOWN });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe("/admin/contact?done=save");
    expect((await site.editor.request(saved.location!)).text).toContain(`value="${SHOWN_PHONE}"`);

    for (const path of ["/", article]) {
      const answer = await get(path);
      // A prepared file, prepared again by the save.
      expect(answer.headers.has("etag")).toBe(true);
      const html = await answer.text();
      expect(html).toContain(`href="mailto:${CAPE_TOWN.email}"`);
      expect(html).toContain(`href="${phoneHref(SHOWN_PHONE)}"`);
      expect(html).toContain(CAPE_TOWN.phoneHours);
      expect(html).toContain(`${CAPE_TOWN.locality}<!-- -->, <!-- -->South Africa`);
      expect(html).not.toContain(specContact.email);
      expect(html).not.toContain(specContact.phone);
    }
    const agency = jsonLdOf(await (await get("/")).text());
    expect(agency).toMatchObject({
      email: CAPE_TOWN.email,
      telephone: SHOWN_PHONE,
      address: { addressLocality: CAPE_TOWN.locality, addressRegion: CAPE_TOWN.region, addressCountry: "ZA" },
    });
    // Hours typed as words are not SPEC.md's any more: search engines are told none rather than old ones.
    expect(agency).not.toHaveProperty("openingHoursSpecification");

    const contact = await (await get("/contact")).text();
    expect(contact).toMatch(new RegExp(`href="${phoneHref(SHOWN_PHONE).replace("+", "\\+")}".{0,400}${CAPE_TOWN.phoneHours}`));
    expect(contact).toContain(`href="mailto:${CAPE_TOWN.email}"`);
    const privacy = await (await get("/privacy")).text();
    expect(privacy).toContain(`${CAPE_TOWN.locality}, ${CAPE_TOWN.region}, South Africa`);
    expect(privacy).toContain(`reached at ${CAPE_TOWN.email} or ${SHOWN_PHONE}, ${CAPE_TOWN.phoneHours}.`);
    expect(await (await get("/blog")).text()).toContain(SHOWN_PHONE);

    const profile = pdfText(Buffer.from(await (await get(companyProfilePdf.path)).arrayBuffer()));
    expect(profile).toContain(CAPE_TOWN.email);
    expect(profile).toContain(`${SHOWN_PHONE} (${CAPE_TOWN.phoneHours})`);
    expect(profile).toContain(`${CAPE_TOWN.locality}, ${CAPE_TOWN.region}`);
    expect(profile).not.toContain(specContact.email);
  });

  it("signs a booking's confirmation made after the save with the new details, its invitation's organiser too", async () => {
    const [slot] = await offeredSlots(site.server);
    expect(slot, "a slot offered on /calendar").toBeDefined();
    const booked = await bookSlot(site.server, slot!, `Contact ${kind}`);
    expect(booked.status).toBe(302);
    const to = new RegExp(`^To: ${booked.email}$`, "m");
    const mail = await waitFor(
      () => writtenMail(site.server.dataDir).find((written) => to.test(written)),
      `the confirmation to ${booked.email}`,
    );
    expect(mail).toContain(`${CAPE_TOWN.email} | ${SHOWN_PHONE}`);
    expect(mail).toMatch(new RegExp(`^Reply-To: ${CAPE_TOWN.email}$`, "m"));
    // Its invitation read from the mail as written: undoing quoted-printable would bend a base64 part's padding.
    const sent = writtenMailAsSent(site.server.dataDir).find((written) => to.test(decodeMime(written)))!;
    expect(parseInvitation(calendarPart(sent)).organizer.toLowerCase()).toBe(`mailto:${CAPE_TOWN.email}`);
    expect(mail).not.toContain(specContact.phone);
  });

  it("signs a mail made after the save with the new details: the newsletter's confirmation", async () => {
    const email = `contact-${kind}@example.co.za`;
    const visitor = { "x-forwarded-for": "198.51.100.95" };
    const answer = await postLead(site.server, "/blog", { email, ...enhanced(await solveAltcha(site.server)) }, visitor);
    expect(answer.result).toMatchObject({ ok: true, form: "newsletter" });
    const to = new RegExp(`^To: ${email}$`, "m");
    const mail = await waitFor(() => writtenMail(site.server.dataDir).find((written) => to.test(written)), `the confirmation to ${email}`);
    expect(mail).toContain(`ROI Media, ${CAPE_TOWN.locality} | ${CAPE_TOWN.email} | ${SHOWN_PHONE}`);
    expect(mail).not.toContain(specContact.phone);
  });

  it("refuses a reader, by the server, whatever the browser asks", async () => {
    expect((await site.reader.request("/admin/contact")).status).toBe(403);
    const posted = await site.reader.post("/admin/contact", { intent: "save", version: "2", ...contactValuesOf(specContact) }, "/admin");
    expect(posted.status).toBe(403);
    expect(await (await get("/")).text()).toContain(CAPE_TOWN.email);
  });

  it("restores SPEC.md's details from the first revision, everywhere", async () => {
    const page = await site.editor.request("/admin/contact");
    const first = [...page.text.matchAll(/name="revision" value="(\d+)"/g)].at(-1)![1]!;
    const restored = await site.editor.post("/admin/contact", { intent: "restore", revision: first, version: "2" });
    expect(restored.status).toBe(303);
    for (const path of ["/", article, "/contact", "/privacy"]) {
      const html = await (await get(path)).text();
      expect(html).toContain(specContact.email);
      expect(html).toContain(specContact.phone);
      expect(html).not.toContain(CAPE_TOWN.email);
    }
    expect(jsonLdOf(await (await get("/")).text())).toHaveProperty("openingHoursSpecification");
    const profile = pdfText(Buffer.from(await (await get(companyProfilePdf.path)).arrayBuffer()));
    expect(profile).toContain(specContact.email);
    expect(profile).not.toContain(CAPE_TOWN.email);
  });
});
