import { describe, expect, it } from "vitest";
import { articlePath } from "#app/content/articles.ts";
import { articles } from "#app/content/blog.server.ts";
import { REMOVE } from "#app/content/field-map.ts";
import { specTeam } from "#app/content/team.ts";
import { teamName, teamValuesOf } from "#app/content/team-form.ts";
import { companyProfilePdf } from "#app/forms/company-profile-pdf.ts";
import { databaseKinds } from "#tests/support/database.ts";
import { pdfText } from "#tests/support/pdf-text.ts";
import { articleDraft, postEditor } from "#tests/support/editor-posts.ts";
import { useSiteEditors } from "#tests/support/site-editors.ts";
import { inRow } from "#tests/support/testimonials.ts";

/**
 * The team as a record the agency edits in the inbox (decision 0052), on the built server: a new member
 * and a changed role are on /about and the author's articles as prepared files and in the company profile
 * when the save answers;
 * a new member can be an article's author;
 * a co-founder who wrote articles cannot be removed, and an avatar colour white initials cannot be read
 * on is refused, each storing nothing; a reader is refused by the server. SQLite and PostgreSQL.
 */

const [lindiwe, ruan] = specTeam.members;
const member = (row: number, key: string) => teamName("members", row, key);
const added = specTeam.members.length;
const NEW_ROLE = "Co-Founder & Head of Social, B2B and Creative";
const THABO = {
  position: "1",
  name: "Thabo Nkosi",
  role: "Head of Client Success",
  bio: "Thabo looks after every client's first 90 days, from the audit to the first monthly report.",
  expertise: "Onboarding\nReporting",
  initials: "TN",
  background: "#7c2d12",
  accent: "#fdba74",
};

describe.each(databaseKinds)("the team editor on the built server (%s)", (kind) => {
  const site = useSiteEditors(kind, "team", ["192.0.2.93", "192.0.2.94"]);
  const { get } = site;

  it("refuses removing a co-founder who wrote articles, and an avatar colour too light for white initials, storing nothing", async () => {
    const removed = await site.editor.post("/admin/team", {
      intent: "save",
      version: "1",
      ...teamValuesOf(specTeam),
      [member(0, REMOVE)]: "on",
    });
    expect(removed.status).toBe(400);
    expect(removed.text).toContain(`${lindiwe!.name} wrote “`);
    expect(removed.text).toContain(`so give those another one before removing ${lindiwe!.name}.`);
    const light = await site.editor.post("/admin/team", {
      intent: "save",
      version: "1",
      ...teamValuesOf(specTeam),
      ...inRow((key) => member(added, key), { ...THABO, background: "#fdba74" }),
    });
    expect(light.status).toBe(400);
    expect(light.text).toContain("White initials on #fdba74 read at 1.7:1, under 4.5:1: choose a darker colour.");
    expect(light.text).toContain(`value="${THABO.name}"`);
    const about = await (await get("/about")).text();
    expect(about).toContain(lindiwe!.name);
    expect(about).not.toContain(THABO.name);
    expect((await site.editor.request("/admin/team")).text).toContain("Version 1,");
  });

  it("shows a new member first and a changed role on /about and the author's articles as prepared files, and in the company profile", async () => {
    const saved = await site.editor.post("/admin/team", {
      intent: "save",
      version: "1",
      ...teamValuesOf(specTeam),
      [member(1, "role")]: NEW_ROLE,
      ...inRow((key) => member(added, key), THABO),
    });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe("/admin/team?done=save");
    const answer = await get("/about");
    expect(answer.headers.has("etag")).toBe(true);
    const about = await answer.text();
    expect(about.indexOf(THABO.name)).toBeGreaterThan(-1);
    expect(about.indexOf(THABO.name)).toBeLessThan(about.indexOf(lindiwe!.name));
    expect(about).toContain(NEW_ROLE.replace("&", "&amp;"));
    expect(about).toContain('stop-color="#7c2d12"');
    // In the document once, as HTML: the hydration data leaves the team out.
    expect(about.slice(about.indexOf("streamController.enqueue"))).not.toContain(THABO.bio.slice(0, 20));
    // An article names its author as the team has it now, on its prepared page.
    const byRuan = await get(articlePath(articles.find((article) => article.author === ruan!.name)!.slug));
    expect(byRuan.headers.has("etag")).toBe(true);
    expect(await byRuan.text()).toContain(NEW_ROLE.replace("&", "&amp;"));
    const profile = pdfText(Buffer.from(await (await get(companyProfilePdf.path)).arrayBuffer()));
    expect(profile).toContain(THABO.name);
    expect(profile).not.toContain(ruan!.role);
  });

  it("offers a new member as an article's author, and refuses an author who is not in the team, keeping what was typed", async () => {
    const editorPage = (await site.editor.request("/admin/articles/new")).text;
    expect(editorPage).toContain(`<option value="thabo-nkosi">${THABO.name}</option>`);
    const saved = await postEditor(site.editor, "/admin/articles/new", articleDraft("onboarding-in-90-days", { author: "thabo-nkosi" }));
    expect(saved.status).toBe(303);
    const draft = (await site.editor.request(saved.location!.replace(/\?.*$/, ""))).text;
    expect(draft).toContain(`<option value="thabo-nkosi" selected="">${THABO.name}</option>`);
    const stranger = await postEditor(site.editor, "/admin/articles/new", articleDraft("by-a-stranger", { author: "sipho-dube" }));
    expect(stranger.status).toBe(400);
    expect(stranger.text).toContain("Choose an author from the team.");
    expect(stranger.text).toContain('value="by-a-stranger"');
  });

  it("refuses a reader, by the server, whatever the browser asks", async () => {
    expect((await site.reader.request("/admin/team")).status).toBe(403);
    const posted = await site.reader.post("/admin/team", { intent: "save", version: "2", ...teamValuesOf(specTeam) }, "/admin");
    expect(posted.status).toBe(403);
    expect(await (await get("/about")).text()).toContain(THABO.name);
  });
});
