/** The Book a Call pages' words (the page title and description are in app/content/page-meta.ts). */
export const bookingContent = {
  hero: {
    eyebrow: "Book a Call",
    title: "Book Your 15-Minute ROI Consultation",
    lead: "Pick a free time, tell us who you are, and get a calendar invite straight away. Fifteen minutes on your advertising and where the returns are, with no sales pressure.",
  },
  formTitle: "Pick a time",
  expectTitle: "What to expect",
  expect: [
    "Fifteen minutes on your advertising and its return, with no sales pressure.",
    "Where your ad spend leaks today and what to fix first.",
    "A calendar invitation by email straight away, with a link to move or cancel the call.",
  ],
  manage: {
    title: "Your ROI Consultation",
    description: "See, move or cancel your 15-minute ROI consultation.",
    booked: "You're booked!",
    bookedLead: "We've emailed you the details and a calendar invitation. See you then.",
    moved: "Your call has moved",
    movedLead: "We've emailed you the new time and an updated calendar invitation.",
    cancelled: "Your call is cancelled",
    cancelledLead: "We've emailed you a cancellation that removes it from your calendar. You can book another time whenever suits you.",
    invalid: "This link is not valid",
    invalidLead: "It may have been copied only in part. Use the link in your confirmation email, or book a new time.",
    expired: "This call has passed",
    expiredLead: "Links to change a booking work until the call ends. Book another time whenever suits you.",
    moveTitle: "Move the call",
    cancelTitle: "Cancel the call",
  },
} as const;
