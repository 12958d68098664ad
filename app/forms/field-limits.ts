/** No zod here: the company profile's HTML step imports it on every page. */
export const fieldLimits = {
  name: 100,
  email: 255,
  company: 100,
  phone: 20,
  website: 255,
  shortText: 100,
  message: 1000,
  longText: 2000,
} as const;
