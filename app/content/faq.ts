/** A question visitors ask before contacting us. */
export interface FaqItem {
  question: string;
  answer: string;
}

/** The contact page's FAQ (SPEC.md section 9). */
export const contactFaq: readonly FaqItem[] = [
  {
    question: "What is the minimum ad spend you work with?",
    answer:
      "Our full management plans are built for businesses spending R90,000+ per month on advertising, where optimisation pays back fastest. Smaller budgets are welcome on our Starter tiers and the free audit.",
  },
  {
    question: "How quickly will I see results?",
    answer:
      "Most clients see results in 30-60 days as we fix tracking, waste and targeting, with significant ROI by 90 days once campaigns have learned and scaled.",
  },
  {
    question: "Do you require long-term contracts?",
    answer:
      "No. Engagements are month-to-month or 6-month, whichever suits you. Month-to-month plans need 30 days' notice to end; a 6-month engagement earns a lower monthly fee.",
  },
  {
    question: "Will I keep ownership of my ad accounts and data?",
    answer:
      "Always. Campaigns run in accounts you own, you get full access to every account and dashboard, and everything we build stays with you if you leave.",
  },
];
