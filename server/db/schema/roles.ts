import { integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/** The four roles; `code` is the role code of the domain (super_admin, institution_admin, ...). */
export const roles = pgTable("roles", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  code: text("code").notNull().unique(),
  title: text("title").notNull(),
});

/**
 * A mirror of domain/shared/permissions/role-permissions.ts, rewritten at every start. The server
 * enforces the domain table, never this one: the mirror exists so reports and ad-hoc SQL
 * ("who may delete patients?") can join against it.
 */
export const rolePermissions = pgTable(
  "role_permissions",
  {
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    resource: text("resource").notNull(),
    action: text("action").notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.resource, t.action] })],
);
