import { describe, expect, it } from "vitest";
import { reported } from "#app/forms/definition.ts";
import { forms } from "#app/forms/registry.ts";
import { detailsText, type ExportedColumns, leadDetails } from "#server/admin/fields.ts";

/**
 * The inbox's CSV export shows name, email, company, website and phone in
 * columns of their own and every other field in its Details cell. Which
 * field is which goes by the field's key, never by its English label.
 */

const contactRow = {
  form_type: "contact",
  name: "Thandi Nkosi",
  email: "thandi@example.co.za",
  company: "Nkosi Motors",
  website: null,
  budget: "6.5k-12.4k",
  service: null,
  message: "Call me\nafter five",
};
// The inbox row of a contact lead: form_submissions mirrors no phone (server/admin/migration.ts).
const contactColumns: ExportedColumns = {
  name: "Thandi Nkosi",
  email: "thandi@example.co.za",
  company: "Nkosi Motors",
  website: null,
  phone: null,
};

describe("the export's Details cell", () => {
  it("holds the fields its own columns do not show, labelled as the form labels them", () => {
    expect(leadDetails("form_submissions", contactRow, contactColumns)).toBe(
      "Monthly Ad Budget: R6,500 - R12,400 (Growth)\nMessage: Call me\nafter five",
    );
  });

  it("keeps a field labelled Phone when the lead's phone column does not show it", () => {
    const withPhone = [...forms.contact.report(contactRow), reported({ name: "phone", label: "Phone" }, "+27 82 555 0199")];
    expect(detailsText(withPhone, contactColumns)).toContain("Phone: +27 82 555 0199");
  });

  it("keeps a field labelled like a column but kept under another key", () => {
    const fields = [reported({ name: "mobile", label: "Phone" }, "+27 82 555 0199")];
    expect(detailsText(fields, { ...contactColumns, phone: "+27 11 555 0100" })).toBe("Phone: +27 82 555 0199");
  });

  it("leaves out a field its column shows, whatever the field's label", () => {
    const fields = [reported({ name: "name", label: "Full Name" }, "Thandi Nkosi")];
    expect(detailsText(fields, contactColumns)).toBe("");
  });

  it("leaves out the order's contact fields, shown in their columns, and keeps the rest", () => {
    const order = {
      name: "Sipho Dlamini",
      email: "sipho@example.co.za",
      phone: "+27 82 555 0199",
      company: "Dlamini Logistics",
      website: "dlamini.co.za",
      service: "strategy",
      tier: "Monthly Retainer",
      additional_services: "[]",
      industry: "Logistics",
      current_marketing: null,
      monthly_budget: "R10,000 - R25,000",
      goals: "More quotes",
      start_date: "Immediately",
      team_size: null,
      current_challenges: null,
      additional_info: null,
    };
    const columns: ExportedColumns = {
      name: order.name,
      email: order.email,
      company: order.company,
      website: order.website,
      phone: order.phone,
    };
    const details = leadDetails("service_orders", order, columns);
    for (const shown of [order.name, order.email, order.phone, order.company, order.website]) expect(details).not.toContain(shown);
    expect(details.split("\n").map((line) => line.split(": ")[0])).toEqual([
      "Service",
      "Tier",
      "Industry",
      "Monthly Budget",
      "Goals",
      "Preferred Start Date",
    ]);
  });
});
