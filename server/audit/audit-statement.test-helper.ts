import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../db/database.ts";
import { rowsOf } from "../db/rows-of.ts";

/** Only letters and underscores: a resource name goes into the trigger's text. */
const checked = (resource: string): string => {
  if (!/^[a-z_]+$/.test(resource)) throw new Error(`not a resource name: ${resource}`);
  return resource;
};

/**
 * The statements that wrote `resource`'s audit rows while `during` ran, as the client sent them
 * (`current_query()` in a trigger on the insert): a read that writes its row in its own statement
 * (record-audit.ts, auditInsertWhen) shows its page's query here, one that writes it apart shows
 * the lone INSERT.
 */
export const auditStatementsDuring = async (database: DatabaseHandle, resource: string, during: () => Promise<void>): Promise<string[]> => {
  const name = checked(resource);
  await database.exec(`
    create table audit_statements_${name} (query text not null);
    create function note_audit_${name}() returns trigger language plpgsql as $$ begin insert into audit_statements_${name} values (current_query()); return new; end; $$;
    create trigger note_audit_${name} before insert on audit_events for each row when (new.resource = '${name}') execute function note_audit_${name}();`);
  try {
    await during();
    return rowsOf(await database.db.execute(sql.raw(`select query from audit_statements_${name}`))).map((row) => String(row.query));
  } finally {
    await database.exec(`drop trigger note_audit_${name} on audit_events; drop function note_audit_${name}(); drop table audit_statements_${name};`);
  }
};

/** Runs `during` while the audit trail refuses every row of `resource` (an unavailable trail). */
export const whileAuditRefuses = async (database: DatabaseHandle, resource: string, during: () => Promise<void>): Promise<void> => {
  const name = checked(resource);
  await database.exec(`
    create function refuse_audit_${name}() returns trigger language plpgsql as $$ begin raise exception 'audit trail unavailable'; end; $$;
    create trigger refuse_audit_${name} before insert on audit_events for each row when (new.resource = '${name}') execute function refuse_audit_${name}();`);
  try {
    await during();
  } finally {
    await database.exec(`drop trigger refuse_audit_${name} on audit_events; drop function refuse_audit_${name}();`);
  }
};
