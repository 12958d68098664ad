/** A co-founder (SPEC.md section 3). The blog names them as article authors by id. */
export interface TeamMember {
  /** Stable slug-like id, e.g. for an article's author field. */
  id: string;
  name: string;
  role: string;
  bio: string;
  expertise: readonly string[];
  /** Initials drawn on the illustrated avatar (no photos are used). */
  initials: string;
  /** Avatar palette: background and accent. */
  avatar: { background: string; accent: string };
}

export const team = [
  {
    id: "lindiwe-dlamini",
    name: "Lindiwe Dlamini",
    role: "Co-Founder & Head of Paid Search",
    bio: "Lindiwe managed Google Ads budgets for retail and financial-services brands for eight years before co-founding the agency. She builds accounts around profit, not clicks.",
    expertise: ["Google Ads", "Performance Max", "Bidding strategy", "Quality Score"],
    initials: "LD",
    avatar: { background: "#1e40af", accent: "#60a5fa" },
  },
  {
    id: "ruan-botha",
    name: "Ruan Botha",
    role: "Co-Founder & Head of Social and B2B",
    bio: "Ruan has scaled Meta and LinkedIn programmes for e-commerce and B2B technology companies across Africa, and leads our creative testing and account-based marketing.",
    expertise: ["Meta Ads", "LinkedIn Ads", "Creative testing", "Account-based marketing"],
    initials: "RB",
    avatar: { background: "#047857", accent: "#6ee7b7" },
  },
  {
    id: "naledi-mahlangu",
    name: "Naledi Mahlangu",
    role: "Co-Founder & Head of Analytics and CRO",
    bio: "Naledi is a data scientist turned marketer who builds the tracking, attribution and experiments that show which rand earns its keep, and designed our ROI agent.",
    expertise: ["GA4 and server-side tracking", "Attribution", "A/B testing", "AI automation"],
    initials: "NM",
    avatar: { background: "#6d28d9", accent: "#c4b5fd" },
  },
] as const satisfies readonly TeamMember[];

/** The team as the agency edits it (/admin/team, decision 0052): /about shows them in order. */
export interface TeamContent {
  members: readonly TeamMember[];
}

export const specTeam: TeamContent = { members: team };
