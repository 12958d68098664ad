import { site } from "#app/config/site.ts";
import type { ContactContent } from "#app/content/contact-details.ts";
import { newsletterRules } from "#app/forms/newsletter.ts";

/** A block of a legal document: a paragraph, a list, or a table of rows. */
export type LegalBlock =
  | { kind: "p"; text: string }
  | { kind: "list"; items: readonly string[] }
  | { kind: "table"; caption: string; head: readonly string[]; rows: readonly (readonly string[])[] };

export interface LegalSection {
  id: string;
  title: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  intro: string;
  sections: readonly LegalSection[];
}

// Both documents give the live contact details (decision 0052): they are made per request.
const contactLine = (contact: ContactContent) =>
  `${site.legalName}, ${contact.locality}, ${site.address.country}. Email ${contact.email}, telephone ${contact.phone} (${contact.phoneHours}).`;

export const privacyPolicy = (contact: ContactContent): LegalDocument => ({
  intro: `${site.legalName} ("we", "us") respects your privacy. This policy explains what personal information we collect through this website, why, how long we keep it and the rights you have under the Protection of Personal Information Act, 2013 (POPIA).`,
  sections: [
    {
      id: "responsible-party",
      title: "Who is responsible for your information",
      blocks: [
        { kind: "p", text: `The responsible party is ${contactLine(contact)}` },
        {
          kind: "p",
          text: "We are a performance-marketing agency working remotely from Johannesburg. We process personal information only in South Africa or with service providers bound to protect it to the standard POPIA requires.",
        },
      ],
    },
    {
      id: "what-we-collect",
      title: "What each form collects and why",
      blocks: [
        {
          kind: "p",
          text: "We only collect what you type into a form, plus the technical details every website receives (your IP address, browser type and the pages you visit). Each form collects the following:",
        },
        {
          kind: "table",
          caption: "Personal information collected by each form",
          head: ["Form", "What we collect", "Why"],
          rows: [
            [
              "Contact form",
              "Name, email, company, website, monthly ad budget, service of interest and your message",
              "To answer your enquiry and prepare a free ROI analysis",
            ],
            ["Free ad audit", "Name, email, website, monthly ad budget and advertising platform", "To prepare and send your audit"],
            [
              "Free AI assessment",
              "Name, email, company, website, current AI usage and goals",
              "To prepare your AI assessment and contact you about it",
            ],
            [
              "Newsletter",
              "Email address, and when, on which page and from which network address you signed up and confirmed (the record of your consent)",
              "To send our weekly ROI insights, once you confirm from the link we email you, until you unsubscribe",
            ],
            [
              "Company profile download",
              "Name, email and optionally company and phone number",
              "To send you our company profile and follow up once",
            ],
            [
              "Service order",
              "Name, email, phone, company, website, chosen service and tier, business details, budget, goals and start date",
              "To prepare a proposal and start the service you ordered",
            ],
            ["Call booking", "Name, email, phone number and the time you choose", "To hold your 15-minute ROI consultation"],
          ],
        },
        {
          kind: "p",
          text: "Every form is protected against spam by an automated bot check. We do not use the information for any purpose you would not reasonably expect, and we never sell it.",
        },
      ],
    },
    {
      id: "legal-basis",
      title: "Our lawful basis",
      blocks: [
        {
          kind: "p",
          text: "We process your information because you asked us to (to answer a request, deliver an audit or perform a contract), because you consented (newsletter and non-essential cookies), or because we have a legitimate interest in keeping the website secure. You may withdraw consent at any time.",
        },
      ],
    },
    {
      id: "retention",
      title: "How long we keep it",
      blocks: [
        {
          kind: "list",
          items: [
            "Enquiries, audit and AI assessment requests, company profile downloads and call bookings: 24 months after our last contact with you, unless you become a client.",
            "Client and order records: for the duration of our agreement and 5 years afterwards, as tax and company law requires.",
            `Newsletter subscriptions: until you unsubscribe (every email has a one-click link). A signup not confirmed within ${newsletterRules.confirmDays} days is deleted. Once you unsubscribe we keep only your email address and the record of your consent and of leaving, so we do not write to you again and can show that we wrote with your consent.`,
            "Server logs and bot-check records: 90 days.",
          ],
        },
        { kind: "p", text: "When the period ends we delete the information or de-identify it so it can no longer be linked to you." },
      ],
    },
    {
      id: "sharing",
      title: "Who we share it with",
      blocks: [
        {
          kind: "p",
          text: "We share personal information only with service providers who help us run the website and our business (hosting, email delivery and, if you allow it, analytics), under written agreements that oblige them to keep it confidential and secure. We disclose information to authorities only when the law requires it. Where a provider stores data outside South Africa, we make sure the country or the agreement offers protection comparable to POPIA.",
        },
      ],
    },
    {
      id: "cookies",
      title: "Cookies",
      blocks: [
        {
          kind: "p",
          text: "Our cookie banner lets you choose which categories of cookies we may use. Essential cookies are always on; the rest are off until you accept them, and you can change your choice at any time in Cookie Settings.",
        },
        {
          kind: "table",
          caption: "Cookie categories",
          head: ["Category", "What it does", "Can you switch it off?"],
          rows: [
            [
              "Essential",
              "Keeps the site secure, remembers your cookie choice and makes forms work",
              "No: the site cannot work without them",
            ],
            ["Analytics", "Counts visits and shows which pages are useful (Google Analytics, only with your consent)", "Yes"],
            ["Marketing", "Measures whether our own adverts work and limits how often you see them", "Yes"],
            ["Functional", "Remembers preferences such as forms you have started", "Yes"],
          ],
        },
      ],
    },
    {
      id: "attribution",
      title: "Which campaign brought you here",
      blocks: [
        {
          kind: "p",
          text: "We advertise, and we want to spend only on what works. So when you send us a form or book a call, it carries how your visit reached us:",
        },
        {
          kind: "list",
          items: [
            "the page you landed on, the website that sent you (its address only, never the page you were reading) and the campaign labels in the link you followed (utm_source, utm_medium, utm_campaign, utm_term and utm_content);",
            "only if you allow marketing cookies: the advert's click identifier from Google, Meta, Microsoft or LinkedIn (gclid, gbraid, wbraid, fbclid, msclkid or li_fat_id).",
          ],
        },
        {
          kind: "p",
          text: "Your browser keeps the first and the latest visit that came from a campaign for at most 90 days, in its own storage on your device; nothing is kept on our side until you send a form. If you refuse or withdraw marketing cookies, the click identifiers your browser kept are removed at once. What a form carries is stored with it and kept as long as the enquiry (see How long we keep it).",
        },
        {
          kind: "p",
          text: "We use it to count which channels, campaigns and pages bring enquiries (our legitimate interest in knowing what our advertising achieves). Only if you allowed marketing cookies, we tell Google Ads when an enquiry from its advert became a qualified or won lead: by the click identifier, or by your email address and phone number hashed with SHA-256, so that Google can match them to its own records but cannot read them.",
        },
      ],
    },
    {
      id: "security",
      title: "How we protect it",
      blocks: [
        {
          kind: "p",
          text: "We use encrypted connections, access controls, strict security headers and regular backups, and only staff who need your information can see it. If we believe your information has been accessed without authorisation, we will notify you and the Information Regulator as POPIA requires.",
        },
      ],
    },
    {
      id: "your-rights",
      title: "Your rights",
      blocks: [
        { kind: "p", text: "Under POPIA you have the right to:" },
        {
          kind: "list",
          items: [
            "ask whether we hold personal information about you and receive a copy of it;",
            "ask us to correct, update or delete it;",
            "object to our processing it, including for direct marketing;",
            "withdraw any consent you have given;",
            "complain to the Information Regulator (inforeg.org.za) if you believe we have not respected your rights.",
          ],
        },
        {
          kind: "p",
          text: `To use any of these rights, email our Information Officer at ${contact.email} with the subject "POPIA request". We answer within 30 days and may ask you to confirm your identity first. Every newsletter also has an unsubscribe link.`,
        },
      ],
    },
    {
      id: "information-officer",
      title: "Information Officer",
      blocks: [
        {
          kind: "p",
          text: `Our Information Officer can be reached at ${contact.email} or ${contact.phone}, ${contact.phoneHours}. Postal enquiries: ${site.legalName}, ${contact.locality}, ${contact.region}, ${site.address.country}.`,
        },
      ],
    },
    {
      id: "changes",
      title: "Changes to this policy",
      blocks: [{ kind: "p", text: "We update this policy when our practices change. The date at the top shows when it was last updated." }],
    },
  ],
});

export const termsOfService = (contact: ContactContent): LegalDocument => ({
  intro: `These terms govern your use of this website and the services ${site.legalName} ("we", "us") provides. By using the website or ordering a service you agree to them.`,
  sections: [
    {
      id: "services",
      title: "Our services",
      blocks: [
        {
          kind: "p",
          text: "We provide paid advertising management, SEO and content, conversion-rate optimisation, analytics, strategy and AI automation services. The scope, tier and fees of each engagement are confirmed in a written proposal or order confirmation, which forms part of these terms.",
        },
      ],
    },
    {
      id: "fees",
      title: "Fees, billing and payment",
      blocks: [
        {
          kind: "list",
          items: [
            "Fees are quoted in South African rand and exclude VAT unless stated otherwise.",
            "Management fees are billed monthly in advance.",
            "Payment is due in 30 days from the invoice date.",
            "Advertising spend is paid directly to the platforms (Google, Meta, LinkedIn) by you and is not part of our fees.",
            "We may suspend work on accounts that are more than 30 days overdue after giving you written notice.",
          ],
        },
      ],
    },
    {
      id: "term",
      title: "Term and termination",
      blocks: [
        {
          kind: "p",
          text: "Engagements run month-to-month or for 6 months, as agreed. Either party may end an engagement by giving 30 days' notice of termination in writing. Fees for the notice period remain payable. On termination we hand over access to every account, campaign and report we built for you.",
        },
      ],
    },
    {
      id: "responsibilities",
      title: "Your responsibilities",
      blocks: [
        {
          kind: "list",
          items: [
            "Give us timely access to your ad accounts, website and analytics.",
            "Make sure the products, claims and content you ask us to advertise are lawful and accurate.",
            "Approve campaigns and budgets within the time agreed so work is not delayed.",
          ],
        },
      ],
    },
    {
      id: "results",
      title: "Results and guarantees",
      blocks: [
        {
          kind: "p",
          text: "Advertising results depend on markets, platforms and factors outside our control. Figures on this website are past results, not promises. Where a service carries a guarantee, its conditions are set out in your proposal.",
        },
      ],
    },
    {
      id: "intellectual-property",
      title: "Intellectual property",
      blocks: [
        {
          kind: "p",
          text: "Once paid for, the campaigns, creative and reports we produce for you are yours. We keep ownership of our own methods, templates, tools and the ROI agent, and grant you a licence to use them for the duration of the engagement.",
        },
      ],
    },
    {
      id: "liability",
      title: "Limitation of liability",
      blocks: [
        {
          kind: "p",
          text: "To the extent the law allows, our total liability for any claim arising from our services is capped at 12 months of fees paid by you. We are not liable for indirect or consequential loss, or for decisions made by advertising platforms, such as account suspensions or policy changes.",
        },
      ],
    },
    {
      id: "privacy",
      title: "Privacy",
      blocks: [{ kind: "p", text: "We handle personal information as our Privacy Policy describes, in line with POPIA." }],
    },
    {
      id: "law",
      title: "Governing law",
      blocks: [
        {
          kind: "p",
          text: "These terms are governed by the laws of the Republic of South Africa, and the courts of Gauteng have jurisdiction.",
        },
      ],
    },
    {
      id: "contact",
      title: "Contact",
      blocks: [{ kind: "p", text: `Questions about these terms: ${contactLine(contact)}` }],
    },
  ],
});
