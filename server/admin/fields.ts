import { formatSast } from "../../app/components/admin/format.ts";
import {
  auditBudgetOptions,
  contactBudgetOptions,
  contactInterestOptions,
  labelOf,
  platformOptions,
  serviceOptions,
} from "../../app/forms/options.ts";
import type { LeadTable } from "../db/schema.ts";

/** One thing the visitor told us, as the inbox shows it. */
export interface LeadField {
  label: string;
  value: string;
  /** Long text keeps its line breaks. */
  multiline?: boolean;
}

type Row = Record<string, unknown>;

const text = (value: unknown): string => (value === null || value === undefined ? "" : String(value));

function field(label: string, value: unknown, multiline = false): LeadField {
  return { label, value: text(value), ...(multiline ? { multiline } : {}) };
}

function optionLabel(options: Parameters<typeof labelOf>[0], value: unknown): string {
  return value ? labelOf(options, String(value)) : "";
}

function additionalServices(json: unknown): string {
  try {
    const list = JSON.parse(text(json) || "[]") as unknown;
    return Array.isArray(list) ? list.map(String).join(", ") : text(json);
  } catch {
    return text(json);
  }
}

function formSubmissionFields(row: Row): LeadField[] {
  switch (row.form_type) {
    case "newsletter":
      return [field("Email", row.email)];
    case "contact":
      return [
        field("Name", row.name),
        field("Email", row.email),
        field("Company", row.company),
        field("Website", row.website),
        field("Monthly Ad Budget", optionLabel(contactBudgetOptions, row.budget)),
        field("Primary Interest", optionLabel(contactInterestOptions, row.service)),
        field("Message", row.message, true),
      ];
    case "audit":
      return [
        field("Name", row.name),
        field("Email", row.email),
        field("Website", row.website),
        field("Monthly Ad Budget", optionLabel(auditBudgetOptions, row.budget)),
        field("Platform", optionLabel(platformOptions, row.platform)),
      ];
    default:
      return [
        field("Name", row.name),
        field("Email", row.email),
        field("Company", row.company),
        field("Website", row.website),
        field("Message", row.message, true),
      ];
  }
}

/** Every field the visitor gave, labelled as the notification labels it, for any lead table's row. */
export function leadFields(table: LeadTable, row: Row): LeadField[] {
  switch (table) {
    case "form_submissions":
      return formSubmissionFields(row);
    case "company_profile_leads":
      return [field("Name", row.name), field("Email", row.email), field("Company", row.company), field("Phone", row.phone)];
    case "service_orders":
      return [
        field("Name", row.name),
        field("Email", row.email),
        field("Phone", row.phone),
        field("Company", row.company),
        field("Website", row.website),
        field("Service", optionLabel(serviceOptions, row.service)),
        field("Tier", row.tier),
        field("Additional Services", additionalServices(row.additional_services)),
        field("Industry", row.industry),
        field("Current Marketing", row.current_marketing, true),
        field("Monthly Budget", row.monthly_budget),
        field("Goals", row.goals, true),
        field("Preferred Start Date", row.start_date),
        field("Team Size", row.team_size),
        field("Challenges", row.current_challenges, true),
        field("Additional Info", row.additional_info, true),
      ];
    case "bookings":
      return [
        field("Name", row.name),
        field("Email", row.email),
        field("Company", row.company),
        field("Phone", row.phone),
        field("Website", row.website),
        field("Message", row.message, true),
        field(
          "Call",
          `${formatSast(row.slot_start as string)} to ${formatSast(row.slot_end as string)
            .split(", ")
            .pop()} SAST`,
        ),
        field("Booking", row.status === "cancelled" ? "Cancelled" : "Confirmed"),
      ];
  }
}

/** The fields beyond the inbox's own columns, as one text: the CSV export's Details cell. */
export function leadDetails(table: LeadTable, row: Row): string {
  const shown = new Set(["Name", "Email", "Company", "Website", "Phone"]);
  return leadFields(table, row)
    .filter((f) => !shown.has(f.label) && f.value !== "")
    .map((f) => `${f.label}: ${f.value}`)
    .join("\n");
}
