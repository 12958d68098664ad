import { ContactCards } from "#app/components/sections/contact-cards.tsx";
import { FaqList } from "#app/components/sections/faq.tsx";
import { ContactForm } from "#app/components/forms/contact-form.tsx";
import { FormRegion } from "#app/components/sections/form-region.tsx";
import { PageHero } from "#app/components/sections/page-hero.tsx";
import { Section, SectionHeading } from "#app/components/sections/section.tsx";
import { leadClientAction } from "#app/forms/transport.ts";
import { contactCards, contactHero } from "#app/content/contact.ts";
import { contactFaq } from "#app/content/faq.ts";
import { pageMeta } from "#app/content/page-meta.ts";
import { seo, useContact } from "#app/lib/seo.ts";
import { formPageLoader } from "#server/forms/form-page.ts";
import { contactForm } from "#app/forms/contact.ts";
import { leadAction } from "#server/leads/actions.ts";
import type { Route } from "./+types/contact";

export const action = leadAction(contactForm);
export const clientAction = leadClientAction(contactForm);
export { shouldRevalidate } from "#app/forms/transport.ts";
export { answerHeaders as headers } from "#app/lib/cache-control.ts";

export const loader = formPageLoader;

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    ...pageMeta.contact,
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
  const contact = useContact();
  return (
    <>
      <PageHero eyebrow={contactHero.eyebrow} title={contactHero.title} lead={contactHero.lead} />

      <section aria-label="Ways to reach us" className="pb-4">
        <div className="mx-auto max-w-5xl px-4 sm:px-6">
          <ContactCards cards={contactCards(contact)} />
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
