import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";
import { columnTypes, type Dialect } from "#server/db/dialect.ts";

/** Decision 0045. */
export function adminPasskeysMigration(dialect: Dialect): Migration {
  const { time, id } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("admin_users")
        .addColumn("code_failures", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable("admin_users").addColumn("codes_locked_until", time).execute();
      await db.schema
        .alterTable("admin_users")
        .addColumn("code_locks", "integer", (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable("admin_passkeys")
        .addColumn("id", "integer", id)
        .addColumn("user_id", "integer", (c) => c.notNull().references("admin_users.id").onDelete("cascade"))
        .addColumn("credential_id", "text", (c) => c.notNull().unique())
        .addColumn("public_key", "text", (c) => c.notNull())
        // 32 bits unsigned: past PostgreSQL's integer.
        .addColumn("counter", "bigint", (c) => c.notNull())
        .addColumn("transports", "text")
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("last_used_at", time)
        .execute();
      await db.schema.createIndex("admin_passkeys_user").on("admin_passkeys").column("user_id").execute();

      await db.schema
        .createTable("admin_passkey_challenges")
        .addColumn("owner", "text", (c) => c.primaryKey())
        .addColumn("user_id", "integer", (c) => c.notNull().references("admin_users.id").onDelete("cascade"))
        .addColumn("challenge", "text", (c) => c.notNull())
        .addColumn("created_at", time, (c) => c.notNull())
        .execute();
    },
  };
}
