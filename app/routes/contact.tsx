import { ContactCards } from "~/components/sections/contact-cards";
import { FaqList } from "~/components/sections/faq";
import { ContactForm } from "~/components/forms/contact-form";
import { FormRegion } from "~/components/sections/form-region";
import { PageHero } from "~/components/sections/page-hero";
import { Section, SectionHeading } from "~/components/sections/section";
import { leadClientAction } from "~/forms/transport";
import { contactCards, contactHero } from "~/content/contact";
import { contactFaq } from "~/content/faq";
import { pageMeta } from "~/content/page-meta";
import { seo } from "~/lib/seo";
import { formPageLoader } from "../../server/leads/form-page";
import { contactForm } from "~/forms/contact";
import { leadAction } from "../../server/leads/actions";
import type { Route } from "./+types/contact";

export const action = leadAction(contactForm);
export const clientAction = leadClientAction(contactForm);
export { shouldRevalidate } from "~/forms/transport";

export const loader = formPageLoader;

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    ...pageMeta.contact,
    path: "/contact",
    jsonLd: [
      {
        "@type": "FAQPage",
        mainEntity: contactFaq.map((item) => ({
          "@type": "Question",
          name: item.question,
          acceptedAnswer: { "@type": "Answer", text: item.answer },
        })),
      },
    ],
  });

export default function ContactPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow={contactHero.eyebrow} title={contactHero.title} lead={contactHero.lead} />

      <section aria-label="Ways to reach us" className="pb-4">
        <div className="mx-auto max-w-5xl px-4 sm:px-6">
          <ContactCards cards={contactCards} />
        </div>
      </section>

      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <FormRegion
          id="contact-form"
          title="Get Your Free ROI Analysis"
          lead="Tell us about your business and advertising. We reply within 2-4 hours on weekdays."
        >
          <ContactForm page={loaderData.formPage} />
        </FormRegion>
      </div>

      <Section tone="muted" labelledBy="faq-title">
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Frequently Asked Questions" />
        <div className="mt-10">
          <FaqList items={contactFaq} />
        </div>
      </Section>
    </>
  );
}
