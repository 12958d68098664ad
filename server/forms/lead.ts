import type { Attribution } from "#app/lib/attribution.ts";
import type { BotCheck } from "#server/db/columns.ts";
import type { CompanyProfileLeadsTable, FormSubmissionsTable, ServiceOrdersTable } from "#server/db/schema.ts";
import type { Insertable } from "kysely";

type OriginColumns = "id" | "bot_check" | "client_address" | "user_agent" | "created_at";

export type NewLead =
  | { table: "form_submissions"; row: Omit<Insertable<FormSubmissionsTable>, OriginColumns> }
  | { table: "company_profile_leads"; row: Omit<Insertable<CompanyProfileLeadsTable>, OriginColumns> }
  | { table: "service_orders"; row: Omit<Insertable<ServiceOrdersTable>, OriginColumns> };

export interface LeadOrigin {
  botCheck: BotCheck;
  clientAddress: string;
  userAgent: string | null;
  receivedAt: Date;
  attribution?: Attribution | null;
}
