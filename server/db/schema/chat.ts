import { sql } from "drizzle-orm";
import { bigint, check, customType, index, integer, pgTable, primaryKey, text, unique, uuid } from "drizzle-orm/pg-core";
import { patientDevices } from "./devices.ts";
import { institutions } from "./institutions.ts";
import { patients } from "./patients.ts";
import { instant } from "./timestamps.ts";
import { users } from "./users.ts";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/**
 * The SLP chat (issue 34; docs/chat-api.md). The message table is the truth: live delivery only
 * wakes listeners, and a reconnecting client is answered from here.
 *
 * Each institution's chat is one stream: `chat_streams.last_seq` is taken with a row lock by every
 * write, so the stream sequences of an institution commit in order, and "everything after
 * Last-Event-ID" can never skip a message that committed late.
 */
export const chatStreams = pgTable("chat_streams", {
  institutionId: integer("institution_id")
    .primaryKey()
    .references(() => institutions.id),
  lastSeq: bigint("last_seq", { mode: "number" }).notNull().default(0),
});

/** A thread: one patient's (the patient and whoever cares for them) or among colleagues. */
export const chatThreads = pgTable(
  "chat_threads",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    institutionId: integer("institution_id")
      .notNull()
      .references(() => institutions.id),
    kind: text("kind", { enum: ["patient", "colleagues"] }).notNull(),
    /** The patient of a patient thread; one thread per patient. */
    patientId: integer("patient_id")
      .unique()
      .references(() => patients.id),
    /** The highest message sequence in the thread (messages are 1, 2, 3… with no gap). */
    lastSeq: integer("last_seq").notNull().default(0),
    lastMessageAt: instant("last_message_at"),
    createdAt: instant("created_at").notNull(),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("chat_threads_institution_idx").on(t.institutionId, t.lastMessageAt),
    check("chat_threads_patient_kind", sql`(${t.kind} = 'patient') = (${t.patientId} is not null)`),
  ],
);

/** The members of a colleagues' thread (patient threads follow the patient slice instead). */
export const chatMembers = pgTable(
  "chat_members",
  {
    threadId: integer("thread_id")
      .notNull()
      .references(() => chatThreads.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] }), index("chat_members_user_idx").on(t.userId)],
);

/** An attachment, stored once its bytes were checked (PDF, PNG or JPEG, at most 10 MB). */
export const chatAttachments = pgTable("chat_attachments", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  institutionId: integer("institution_id")
    .notNull()
    .references(() => institutions.id),
  kind: text("kind").notNull(),
  name: text("name").notNull(),
  size: integer("size").notNull(),
  sha256: text("sha256").notNull(),
  bytes: bytea("bytes").notNull(),
  uploadedByUserId: integer("uploaded_by_user_id").references(() => users.id, { onDelete: "set null" }),
  uploadedByDeviceId: integer("uploaded_by_device_id").references(() => patientDevices.id),
  uploadedAt: instant("uploaded_at").notNull(),
});

/**
 * A message: its place in the thread (`seq`) and in the institution's stream (`stream_seq`, the
 * event id), and the client's id that makes a retry a repeat. An edit or a withdrawal takes a new
 * stream_seq, so a reconnecting reader also hears of it; the text it replaced stays in
 * chat_message_revisions.
 */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    threadId: integer("thread_id")
      .notNull()
      .references(() => chatThreads.id),
    institutionId: integer("institution_id")
      .notNull()
      .references(() => institutions.id),
    seq: integer("seq").notNull(),
    streamSeq: bigint("stream_seq", { mode: "number" }).notNull(),
    clientId: uuid("client_id").notNull(),
    authorUserId: integer("author_user_id").references(() => users.id),
    /** A patient's message: the device it came from. */
    authorDeviceId: integer("author_device_id").references(() => patientDevices.id),
    body: text("body").notNull(),
    attachmentId: integer("attachment_id").references(() => chatAttachments.id),
    sentAt: instant("sent_at").notNull(),
    editedAt: instant("edited_at"),
    withdrawnAt: instant("withdrawn_at"),
  },
  (t) => [
    unique("chat_messages_thread_seq").on(t.threadId, t.seq),
    unique("chat_messages_thread_client").on(t.threadId, t.clientId),
    unique("chat_messages_stream").on(t.institutionId, t.streamSeq),
    check("chat_messages_one_author", sql`(${t.authorUserId} is null) <> (${t.authorDeviceId} is null)`),
  ],
);

/** Every text a message had before an edit or a withdrawal: nothing said is ever lost. */
export const chatMessageRevisions = pgTable(
  "chat_message_revisions",
  {
    messageId: integer("message_id")
      .notNull()
      .references(() => chatMessages.id),
    revision: integer("revision").notNull(),
    body: text("body").notNull(),
    attachmentId: integer("attachment_id").references(() => chatAttachments.id),
    replacedAt: instant("replaced_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.revision] })],
);

/**
 * Each participant's read cursor: the highest sequence they have seen in the thread. A staff
 * member by user id, the patient by patient id (one of the two).
 */
export const chatReadCursors = pgTable(
  "chat_read_cursors",
  {
    threadId: integer("thread_id")
      .notNull()
      .references(() => chatThreads.id),
    /** "u<user id>" or "p<patient id>", so one key holds both kinds of reader. */
    reader: text("reader").notNull(),
    lastReadSeq: integer("last_read_seq").notNull(),
    readAt: instant("read_at").notNull(),
    /** When the unread reminder was last e-mailed for this reader, so one wait earns one e-mail. */
    remindedAt: instant("reminded_at"),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.reader] })],
);
