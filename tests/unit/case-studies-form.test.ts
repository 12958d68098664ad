import { describe, expect, it } from "vitest";
import { caseStudiesChangeAfter, caseStudiesShownAt, caseStudyFor, specCaseStudies } from "#app/content/case-studies.ts";
import { caseStudiesValuesOf, caseStudyName, readCaseStudiesPost } from "#app/content/case-studies-form.ts";
import { REMOVE } from "#app/content/field-map.ts";
import { parseCaseStudies } from "#server/site-content/schema.ts";

/**
 * The case studies editor's form (decision 0052): SPEC.md's case studies read back unchanged, a new one
 * with an uploaded image takes its place by position, and each refusal is a message beside its field with
 * what was typed kept: a missing text, a study without its figures, a text too long for the card, an image
 * without alt text, a service left with no study, a position that is not a whole number.
 */

const posted = (changes: Record<string, string> = {}) => ({ ...caseStudiesValuesOf(specCaseStudies), ...changes });
const study = (row: number, key: string) => caseStudyName("studies", row, key);
const added = specCaseStudies.studies.length;
const IMAGE = "/media/0123456789abcdef0123-1600x900.jpg";

const newStudy = (changes: Record<string, string> = {}) =>
  Object.fromEntries(
    Object.entries({
      position: "1",
      service: "meta-ads",
      client: "Jacaranda Coffee",
      industry: "Food and drink",
      headline: "A café chain's loyalty app, filled from Instagram",
      problem: "Follows did not turn into visits.",
      solution: "We ran store-radius ads with an in-app offer.",
      resultValue: "+85%",
      resultLabel: "app sign-ups in a quarter",
      image: IMAGE,
      imageAlt: "A barista handing over a cup",
      ...changes,
    }).map(([key, value]) => [study(added, key), value]),
  );

const refused = (fields: Record<string, string>) => {
  const read = readCaseStudiesPost(fields);
  if (read.ok) throw new Error("it was taken");
  return read;
};

describe("the case studies form", () => {
  it("reads SPEC.md's case studies back as they are, a document the server takes", () => {
    const read = readCaseStudiesPost(posted());
    expect(read).toMatchObject({ ok: true, content: specCaseStudies });
    if (read.ok) expect(parseCaseStudies(JSON.stringify(read.content))).toEqual(specCaseStudies);
  });

  it("puts a new case study first by its position, with its image's path, size and alt text", () => {
    const read = readCaseStudiesPost(posted(newStudy()));
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(read.content.studies.map((s) => s.client)).toEqual(["Jacaranda Coffee", ...specCaseStudies.studies.map((s) => s.client)]);
    expect(read.content.studies[0]!.image).toEqual({ path: IMAGE, width: 1600, height: 900, alt: "A barista handing over a cup" });
    expect(parseCaseStudies(JSON.stringify(read.content))).toEqual(read.content);
  });

  it("refuses a case study without its figures, saying so beside each empty one", () => {
    const read = refused(posted(newStudy({ resultValue: "", resultLabel: "" })));
    expect(read.errors[study(added, "resultValue")]).toMatch(/^A case study needs its figures/);
    expect(read.errors[study(added, "resultLabel")]).toMatch(/^A case study needs its figures/);
    expect(read.values[study(added, "client")]).toBe("Jacaranda Coffee");
  });

  it("refuses missing words, a text too long for the card, an image without alt text and a bad position, keeping what was typed", () => {
    const long = "x".repeat(321);
    const read = refused(
      posted({
        [study(0, "client")]: "",
        [study(1, "headline")]: "",
        [study(2, "problem")]: long,
        [study(3, "solution")]: "",
        [study(4, "position")]: "2.5",
        ...newStudy({ imageAlt: "" }),
      }),
    );
    expect(read.errors).toEqual({
      [study(0, "client")]: "Give the client.",
      [study(1, "headline")]: "Give the headline.",
      [study(2, "problem")]: "Problem is 321 characters: keep it to 320, as the page's card holds.",
      [study(3, "solution")]: "Give the solution.",
      [study(4, "position")]: "Give the position as a whole number: 1 shows first.",
      [study(added, "imageAlt")]: "Give the image's alt text: what it shows, for readers who cannot see it.",
    });
    expect(read.values[study(2, "problem")]).toBe(long);
    expect(read.values[study(added, "image")]).toBe(IMAGE);
  });

  it("refuses to leave a service without a case study, naming it, and takes it when another one covers it", () => {
    const googleAds = specCaseStudies.studies.findIndex((s) => s.service === "google-ads");
    const read = refused(posted({ [study(googleAds, REMOVE)]: "on" }));
    expect(read.errors).toEqual({
      [study(added, "service")]: "Google Ads has no case study left: each service page shows one. Keep one, or add one here.",
    });
    expect(read.values[study(googleAds, REMOVE)]).toBe("on");
    const covered = readCaseStudiesPost(posted({ [study(googleAds, REMOVE)]: "on", ...newStudy({ service: "google-ads" }) }));
    expect(covered.ok && covered.content.studies.filter((s) => s.service === "google-ads").map((s) => s.client)).toEqual([
      "Jacaranda Coffee",
    ]);
  });

  it("refuses a path that is not an uploaded image's", () => {
    const read = refused(posted(newStudy({ image: "/images/elsewhere.png" })));
    expect(read.errors[study(added, "image")]).toMatch(/not an uploaded image's path/);
  });

  it("shows a case study from its time (SAST), and keeps one shown now for each service page", () => {
    const now = Date.parse("2026-11-29T10:00:00Z");
    const later = newStudy({ service: "google-ads", showsFrom: "2026-12-01 09:00" });
    const read = readCaseStudiesPost(posted(later), now);
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(read.content.studies[0]!.showsFrom).toBe("2026-12-01T07:00:00.000Z");
    expect(parseCaseStudies(JSON.stringify(read.content))).toEqual(read.content);
    // /case-studies and the Google Ads page show SPEC.md's until then, the new one first from then.
    expect(caseStudiesShownAt(read.content, now)).toEqual(specCaseStudies);
    expect(caseStudiesChangeAfter(read.content, now)).toBe(Date.parse("2026-12-01T07:00:00Z"));
    expect(caseStudyFor("google-ads", caseStudiesShownAt(read.content, Date.parse("2026-12-01T07:00:00Z")).studies).client).toBe(
      "Jacaranda Coffee",
    );

    // The only Google Ads study saved for later: its page would show none until then.
    const googleAds = specCaseStudies.studies.findIndex((s) => s.service === "google-ads");
    const waiting = readCaseStudiesPost(posted({ [study(googleAds, REMOVE)]: "on", ...later }), now);
    expect(waiting.ok).toBe(false);
    if (waiting.ok) return;
    expect(waiting.errors).toEqual({
      [study(added, "showsFrom")]:
        "Google Ads would show no case study until a time given here: each service page shows one. Keep one shown now.",
    });
  });
});
