import { type SQL, and, eq, exists, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { STAFF_STATUS } from "../../../domain/shared/statuses/staff-status.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { chatMembers, chatMessages, chatReadCursors, chatThreads } from "../../db/schema/chat.ts";
import { patients } from "../../db/schema/patients.ts";
import { staff, users } from "../../db/schema/users.ts";
import { startPeriodicPass } from "../../lifecycle/periodic-pass.ts";
import type { MailPort } from "../../outbox/mail-port.ts";

/**
 * The unread reminder (issue 34, docs/chat-api.md "Reminders"): a staff reader with a message
 * unread for `afterMs` gets ONE e-mail per wait. A wait ends when the reader's cursor moves (they
 * read, or they send); `reminded_at` of their cursor says a reminder went out, and another one
 * only goes once `read_at` is newer than it. The e-mail names nobody and quotes nothing: the
 * subject, and a link to the chat page. Started by server/main.ts, never by tests' apps.
 */

/** How often the pass looks; a reminder therefore goes out between afterMs and afterMs + this. */
export const REMINDER_PASS_EVERY_MS = 60_000;

export const REMINDER_SUBJECT = "You have a new message in the portal";

export const reminderText = (publicUrl: string): string => `${publicUrl}/slp-chat`;

/** The staff who hear of a thread: a patient thread's assigned SLP, a colleagues' thread's members. Administrators are not reminded. */
type Recipient = { readonly threadId: number; readonly userId: number; readonly email: string };

const readerKeyOf = sql`'u' || ${users.id}`;

/** A message from someone else after the reader's cursor, not withdrawn, sent at or before the cutoff. */
const waitingSince = (cutoff: Date): SQL =>
  exists(
    sql`(select 1 from ${chatMessages} where ${and(
      eq(chatMessages.threadId, chatThreads.id),
      sql`${chatMessages.seq} > coalesce(${chatReadCursors.lastReadSeq}, 0)`,
      or(isNull(chatMessages.authorUserId), ne(chatMessages.authorUserId, users.id)),
      isNull(chatMessages.withdrawnAt),
      lte(chatMessages.sentAt, cutoff),
    )})`,
  );

/** No reminder yet in this wait: none ever, or the reader moved their cursor since the last. */
const notRemindedInThisWait = or(isNull(chatReadCursors.remindedAt), lt(chatReadCursors.remindedAt, chatReadCursors.readAt)) as SQL;

const cursorJoin = and(eq(chatReadCursors.threadId, chatThreads.id), eq(chatReadCursors.reader, readerKeyOf)) as SQL;

const dueRecipients = async (db: Database, cutoff: Date): Promise<Recipient[]> => {
  const due = and(waitingSince(cutoff), notRemindedInThisWait, isNull(users.archivedAt));
  const columns = { threadId: chatThreads.id, userId: users.id, email: users.email };
  const assigned = await db
    .select(columns)
    .from(chatThreads)
    .innerJoin(patients, and(eq(patients.id, chatThreads.patientId), isNull(patients.archivedAt)))
    .innerJoin(staff, and(eq(staff.id, patients.assignedStaffId), eq(staff.status, STAFF_STATUS.active)))
    .innerJoin(users, eq(users.id, staff.userId))
    .leftJoin(chatReadCursors, cursorJoin)
    .where(and(eq(chatThreads.kind, "patient"), due));
  const members = await db
    .select(columns)
    .from(chatThreads)
    .innerJoin(chatMembers, eq(chatMembers.threadId, chatThreads.id))
    .innerJoin(users, eq(users.id, chatMembers.userId))
    .leftJoin(chatReadCursors, cursorJoin)
    .where(and(eq(chatThreads.kind, "colleagues"), due));
  return [...assigned, ...members];
};

/**
 * Takes the reminder of one wait: sets reminded_at only where no reminder went out in this wait,
 * so two server processes never both send it. A reader who never read the thread gets a cursor at
 * 0 (read at the epoch: never), which the "Seen by" list leaves out.
 */
const claim = async (db: Database, recipient: Recipient, now: Date): Promise<boolean> => {
  const rows = await db
    .insert(chatReadCursors)
    .values({ threadId: recipient.threadId, reader: `u${recipient.userId}`, lastReadSeq: 0, readAt: new Date(0), remindedAt: now })
    .onConflictDoUpdate({ target: [chatReadCursors.threadId, chatReadCursors.reader], set: { remindedAt: now }, setWhere: notRemindedInThisWait })
    .returning({ threadId: chatReadCursors.threadId });
  return rows.length > 0;
};

export type ReminderDeps = { readonly db: Database; readonly clock: Clock; readonly mail: MailPort; readonly publicUrl: string; readonly afterMs: number };

/** One look: every due reader's wait is claimed and e-mailed once; answers how many e-mails went out. */
export const sendUnreadReminders = async (deps: ReminderDeps): Promise<number> => {
  const now = deps.clock.now();
  const recipients = await dueRecipients(deps.db, new Date(now.getTime() - deps.afterMs));
  let sent = 0;
  for (const recipient of recipients) {
    if (!(await claim(deps.db, recipient, now))) continue;
    await deps.mail.send({ to: recipient.email, subject: REMINDER_SUBJECT, text: reminderText(deps.publicUrl) });
    sent += 1;
  }
  return sent;
};

export type ReminderPass = { readonly stop: () => Promise<void>; readonly runOnce: () => Promise<number> };

export const startUnreadReminderPass = (deps: ReminderDeps & { readonly log: FastifyBaseLogger }, every = REMINDER_PASS_EVERY_MS): ReminderPass => {
  const pass = startPeriodicPass({
    firstMs: every,
    everyMs: every,
    run: async () => {
      const sent = await sendUnreadReminders(deps);
      if (sent > 0) deps.log.info({ sent }, "chat unread reminders sent");
    },
    onError: (error) => deps.log.error({ err: error }, "chat reminder pass failed; it runs again later"),
  });
  return { runOnce: () => sendUnreadReminders(deps), stop: pass.stop };
};
