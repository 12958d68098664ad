import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { adminRoles } from "#app/lib/inbox.ts";
import { columnTypes, type Dialect } from "#server/db/dialect.ts";

/** Decision 0030. */
export function adminSignInMigration(dialect: Dialect): Migration {
  const { time, id } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      const roles = sql.raw(adminRoles.map((r) => `'${r.key}'`).join(", "));
      // Every user so far could do everything: they stay admins.
      await db.schema
        .alterTable("admin_users")
        .addColumn("role", "text", (c) =>
          c
            .notNull()
            .defaultTo("admin")
            .check(sql`role in (${roles})`),
        )
        .execute();
      await db.schema.alterTable("admin_users").addColumn("totp_secret", "text").execute();
      await db.schema.alterTable("admin_users").addColumn("totp_last_step", "integer").execute();
      await db.schema
        .alterTable("admin_users")
        .addColumn("must_change_password", "boolean", (c) => c.notNull().defaultTo(false))
        .execute();

      await db.schema.alterTable("admin_sessions").addColumn("client_address", "text").execute();
      await db.schema.alterTable("admin_sessions").addColumn("user_agent", "text").execute();
      await db.deleteFrom("admin_sessions" as never).execute();

      await db.schema
        .createTable("admin_sign_ins")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "integer", (c) => c.notNull().references("admin_users.id").onDelete("cascade"))
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("totp_candidate", "text")
        .execute();
      await db.schema.createIndex("admin_sign_ins_created").on("admin_sign_ins").column("created_at").execute();

      await db.schema
        .createTable("admin_recovery_codes")
        .addColumn("id", "integer", id)
        .addColumn("user_id", "integer", (c) => c.notNull().references("admin_users.id").onDelete("cascade"))
        .addColumn("code_hash", "text", (c) => c.notNull())
        .addColumn("used_at", time)
        .execute();
      await db.schema.createIndex("admin_recovery_codes_user").on("admin_recovery_codes").columns(["user_id", "code_hash"]).execute();
    },
  };
}
