import { describe, expect, it } from "vitest";
import { REMOVE } from "#app/content/field-map.ts";
import { specTeam } from "#app/content/team.ts";
import { authorsRemoved, readTeamPost, teamName, teamValuesOf } from "#app/content/team-form.ts";
import { parseTeam } from "#server/site-content/schema.ts";

/**
 * The team editor's form (decision 0052): SPEC.md's team reads back unchanged; a new member gets an id
 * from their name and goes where their position puts them; an avatar colour white initials cannot be
 * read on, an id changed, an empty field and one too long are refused beside the field, with what was
 * typed kept; a member who wrote an article cannot be removed, the articles named.
 */

const posted = (changes: Record<string, string> = {}) => ({ ...teamValuesOf(specTeam), ...changes });
const member = (row: number, key: string) => teamName("members", row, key);
const added = specTeam.members.length;
const [lindiwe, ruan] = specTeam.members;

describe("the team form", () => {
  it("reads SPEC.md's team back as it is, a document the server takes", () => {
    const read = readTeamPost(posted(), specTeam);
    expect(read).toMatchObject({ ok: true, content: specTeam });
    if (read.ok) expect(parseTeam(JSON.stringify(read.content))).toEqual(specTeam);
  });

  it("adds a member first by position, with an id made from the name", () => {
    const read = readTeamPost(
      posted({
        [member(added, "position")]: "1",
        [member(added, "name")]: "Thabo Nkosi-Ndlovu",
        [member(added, "role")]: "Head of Client Success",
        [member(added, "bio")]: "Thabo looks after every client's first 90 days.",
        [member(added, "expertise")]: "Onboarding\r\n\r\nReporting",
        [member(added, "initials")]: "TN",
        [member(added, "background")]: "#7C2D12",
        [member(added, "accent")]: "#fdba74",
      }),
      specTeam,
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.content.members[0]).toEqual({
      id: "thabo-nkosi-ndlovu",
      name: "Thabo Nkosi-Ndlovu",
      role: "Head of Client Success",
      bio: "Thabo looks after every client's first 90 days.",
      expertise: ["Onboarding", "Reporting"],
      initials: "TN",
      avatar: { background: "#7c2d12", accent: "#fdba74" },
    });
    expect(read.content.members.slice(1)).toEqual(specTeam.members);
  });

  it("refuses an unreadable avatar, a changed id, an empty role and an over-long bio, keeping what was typed", () => {
    const read = readTeamPost(
      posted({
        [member(0, "background")]: "#60A5FA",
        [member(0, "accent")]: "light blue",
        [member(1, "id")]: "ruan",
        [member(1, "role")]: "",
        [member(2, "bio")]: "x".repeat(321),
        [member(2, "initials")]: "LD",
      }),
      specTeam,
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors).toEqual({
      [member(0, "background")]: "White initials on #60a5fa read at 2.5:1, under 4.5:1: choose a darker colour.",
      [member(0, "accent")]: "Give the colour as # and six hexadecimal digits, e.g. #60a5fa.",
      [member(1, "id")]: "ruan is no member's id: an id cannot be changed. Reload the page and edit again.",
      [member(1, "role")]: "Give the role.",
      [member(2, "bio")]: "Bio is 321 characters: keep it to 320, as the page's card holds.",
      [member(2, "initials")]: "LD are another member's initials: give each member their own.",
    });
    expect(read.values[member(0, "background")]).toBe("#60A5FA");
    expect(read.values[member(1, "name")]).toBe(ruan!.name);
  });

  it("refuses a new member whose name gives no id", () => {
    const read = readTeamPost(
      posted({
        [member(added, "name")]: "李明",
        [member(added, "role")]: "Strategist",
        [member(added, "bio")]: "Plans campaigns.",
        [member(added, "expertise")]: "Strategy",
        [member(added, "initials")]: "LM",
        [member(added, "background")]: "#1e3a8a",
        [member(added, "accent")]: "#93c5fd",
      }),
      specTeam,
    );
    expect(read.ok === false && read.errors).toEqual({
      [member(added, "name")]: "Give a name with letters a to z in it: the member's id is made from it.",
    });
  });

  it("refuses removing a member who wrote an article, naming the articles, and lets one who wrote none go", () => {
    const values = posted({ [member(0, REMOVE)]: "on", [member(1, REMOVE)]: "on" });
    const read = readTeamPost(values, specTeam);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const articles = [
      { author: lindiwe!.id, title: "Google Ads ROI" },
      { author: lindiwe!.id, title: "Quality Score" },
    ];
    expect(authorsRemoved(specTeam, read.content, read.values, articles)).toEqual({
      [member(0, "name")]:
        `${lindiwe!.name} wrote “Google Ads ROI”, “Quality Score”: an article keeps its author, so give those another one before removing ${lindiwe!.name}.`,
    });
  });
});
