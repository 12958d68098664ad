/** The testimonial the tests type into an editor's blank row, by field. */
export const NEW_TESTIMONIAL = {
  name: "Nomvula Dlamini",
  title: "Owner",
  company: "Dlamini Interiors",
  quote: "They found the leak in our Meta budget in a week, and our showroom bookings doubled.",
  results: "2x showroom bookings",
} as const;

/** `fields` as a post names them in one row: `name(key)` gives each field's name. */
export const inRow = (name: (key: string) => string, fields: Readonly<Record<string, string>>) =>
  Object.fromEntries(Object.entries(fields).map(([key, value]) => [name(key), value]));
