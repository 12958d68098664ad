import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { type LeadFormType, leadStatuses } from "#app/lib/inbox.ts";
import { columnTypes, type Dialect } from "#server/db/dialect.ts";
import type { LeadTable } from "#server/db/columns.ts";

interface LeadSource {
  table: LeadTable;
  formType: (p: string) => string;
  has: { company: boolean; website: boolean; phone: boolean };
}

const literal = (key: LeadFormType) => () => `'${key}'`;

const sources: LeadSource[] = [
  {
    table: "form_submissions",
    formType: (p) => `case ${p}.form_type when 'AI Assessment Request' then 'ai-assessment' else ${p}.form_type end`,
    has: { company: true, website: true, phone: false },
  },
  { table: "company_profile_leads", formType: literal("company-profile"), has: { company: true, website: false, phone: true } },
  { table: "service_orders", formType: literal("order"), has: { company: true, website: true, phone: true } },
  { table: "bookings", formType: literal("booking"), has: { company: true, website: true, phone: true } },
];

const MIRRORED = ["form_type", "name", "email", "company", "website", "phone", "search_text"] as const;

function mirrored(source: LeadSource, p: string): Record<(typeof MIRRORED)[number], string> {
  const optional = (column: keyof LeadSource["has"]) => (source.has[column] ? `${p}.${column}` : "null");
  const company = optional("company");
  const website = optional("website");
  return {
    form_type: source.formType(p),
    name: `${p}.name`,
    email: `${p}.email`,
    company,
    website,
    phone: optional("phone"),
    search_text: `lower(${p}.name || ' ' || ${p}.email || ' ' || coalesce(${company}, '') || ' ' || coalesce(${website}, ''))`,
  };
}

function watched(source: LeadSource): string {
  const columns = ["name", "email", ...(Object.keys(source.has) as Array<keyof LeadSource["has"]>).filter((c) => source.has[c])];
  if (source.table === "form_submissions") columns.push("form_type");
  return columns.join(", ");
}

function insertStatement(source: LeadSource, p: string): string {
  const values = mirrored(source, p);
  return `insert into leads (lead_table, lead_id, ${MIRRORED.join(", ")}, created_at)
    values ('${source.table}', ${p}.id, ${MIRRORED.map((c) => values[c]).join(", ")}, ${p}.created_at)`;
}

function backfillStatement(source: LeadSource): string {
  const t = source.table;
  const values = mirrored(source, t);
  return `insert into leads (lead_table, lead_id, ${MIRRORED.join(", ")}, created_at)
    select '${t}', ${t}.id, ${MIRRORED.map((c) => values[c]).join(", ")}, ${t}.created_at from ${t}`;
}

function updateStatement(source: LeadSource): string {
  const values = mirrored(source, "new");
  return `update leads set ${MIRRORED.map((c) => `${c} = ${values[c]}`).join(", ")}
    where lead_table = '${source.table}' and lead_id = new.id`;
}

function deleteStatement(source: LeadSource): string {
  return `delete from leads where lead_table = '${source.table}' and lead_id = old.id`;
}

function sqliteTriggers(source: LeadSource): string[] {
  const t = source.table;
  return [
    `create trigger ${t}_leads_insert after insert on ${t} begin ${insertStatement(source, "new")}; end`,
    `create trigger ${t}_leads_update after update of ${watched(source)} on ${t} begin ${updateStatement(source)}; end`,
    `create trigger ${t}_leads_delete after delete on ${t} begin ${deleteStatement(source)}; end`,
  ];
}

function postgresTriggers(source: LeadSource): string[] {
  const t = source.table;
  return [
    `create function ${t}_leads_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        ${deleteStatement(source)};
      elsif tg_op = 'UPDATE' then
        ${updateStatement(source)};
      else
        ${insertStatement(source, "new")};
      end if;
      return null;
    end
    $$`,
    `create trigger ${t}_leads_sync after insert or update of ${watched(source)} or delete on ${t}
      for each row execute function ${t}_leads_sync()`,
  ];
}

export function adminMigration(dialect: Dialect): Migration {
  const pg = dialect === "postgres";
  const { time, id } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("admin_users")
        .addColumn("id", "integer", id)
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("password_hash", "text", (c) => c.notNull())
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("last_login_at", time)
        .execute();

      await db.schema
        .createTable("admin_sessions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "integer", (c) => c.notNull().references("admin_users.id").onDelete("cascade"))
        .addColumn("csrf_token", "text", (c) => c.notNull())
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("last_seen_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("admin_sessions_user").on("admin_sessions").column("user_id").execute();
      await db.schema.createIndex("admin_sessions_seen").on("admin_sessions").column("last_seen_at").execute();

      await db.schema
        .createTable("admin_audit_log")
        .addColumn("id", "integer", id)
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("user_id", "integer", (c) => c.references("admin_users.id").onDelete("set null"))
        .addColumn("actor", "text", (c) => c.notNull())
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("detail", "text", (c) => c.notNull())
        .addColumn("lead_id", "integer")
        .execute();
      await db.schema.createIndex("admin_audit_log_created").on("admin_audit_log").columns(["created_at", "id"]).execute();

      const statuses = sql.raw(leadStatuses.map((s) => `'${s.key}'`).join(", "));
      await db.schema
        .createTable("leads")
        .addColumn("id", "integer", id)
        .addColumn("lead_table", "text", (c) => c.notNull())
        .addColumn("lead_id", "integer", (c) => c.notNull())
        .addColumn("form_type", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("company", "text")
        .addColumn("website", "text")
        .addColumn("phone", "text")
        .addColumn("search_text", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) =>
          c
            .notNull()
            .defaultTo("new")
            .check(sql`status in (${statuses})`),
        )
        .addColumn("status_changed_at", time)
        .addColumn("created_at", time, (c) => c.notNull())
        .addUniqueConstraint("leads_source", ["lead_table", "lead_id"])
        .execute();
      await db.schema.createIndex("leads_created").on("leads").columns(["created_at", "id"]).execute();
      await db.schema.createIndex("leads_type_created").on("leads").columns(["form_type", "created_at", "id"]).execute();
      await db.schema.createIndex("leads_status_created").on("leads").columns(["status", "created_at", "id"]).execute();

      await db.schema
        .createTable("lead_notes")
        .addColumn("id", "integer", id)
        .addColumn("lead_id", "integer", (c) => c.notNull().references("leads.id").onDelete("cascade"))
        .addColumn("author_id", "integer", (c) => c.references("admin_users.id").onDelete("set null"))
        .addColumn("author", "text", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("created_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("lead_notes_lead").on("lead_notes").column("lead_id").execute();

      for (const source of sources) {
        await sql.raw(backfillStatement(source)).execute(db);
        for (const statement of pg ? postgresTriggers(source) : sqliteTriggers(source)) await sql.raw(statement).execute(db);
      }
    },
  };
}

/** SQLite cannot change a CHECK constraint: the table is rebuilt as sqlite.org/lang_altertable.html#otheralter gives. */
export async function widenLeadStatuses(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const list = leadStatuses.map((s) => `'${s.key}'`).join(", ");
  if (dialect === "postgres") {
    await sql
      .raw(`alter table leads drop constraint if exists leads_status_check, add constraint leads_status_check check (status in (${list}))`)
      .execute(db);
    return;
  }
  const schema = (what: string) =>
    sql<{ sql: string }>`select sql from sqlite_schema where type = ${what} and tbl_name = 'leads' and sql is not null`.execute(db);
  const table = (await schema("table")).rows[0]!.sql;
  const indexes = (await schema("index")).rows.map((row) => row.sql);
  const rebuilt = table
    .replace(/^CREATE TABLE "?leads"?/i, "CREATE TABLE leads_rebuilt")
    .replace(/status in \([^)]*\)/, `status in (${list})`);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(rebuilt).execute(trx);
      await sql`insert into leads_rebuilt select * from leads`.execute(trx);
      await sql`drop table leads`.execute(trx);
      await sql`pragma legacy_alter_table = on`.execute(trx);
      await sql`alter table leads_rebuilt rename to leads`.execute(trx);
      await sql`pragma legacy_alter_table = off`.execute(trx);
      for (const index of indexes) await sql.raw(index).execute(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length) throw new Error("the leads table's rebuild broke a foreign key");
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
