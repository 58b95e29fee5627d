import * as Schema from "effect/Schema";
import { and, eq, getTableColumns, inArray, ne, sql } from "drizzle-orm";
import { rowsOf } from "../../server/db/rows-of.ts";
import type { Database } from "../../server/db/database.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DRIVERS } from "../../server/db/test-database.ts";
import { patientGameLevels } from "../../server/db/schema/assignments.ts";
import { auditEvents } from "../../server/db/schema/audit.ts";
import { exerciseTemplateForms, exerciseTemplates, games } from "../../server/db/schema/games.ts";
import { attemptNotes, noteTypes } from "../../server/db/schema/notes.ts";
import { patients } from "../../server/db/schema/patients.ts";
import { gameAttempts, gameChallenges, gameSessions } from "../../server/db/schema/sessions.ts";
import { administrators, staff, users } from "../../server/db/schema/users.ts";
import { invitations } from "../../server/db/schema/invitations.ts";
import { patientDevices } from "../../server/db/schema/devices.ts";
import { rtmTimeEntries } from "../../server/db/schema/time-log.ts";
import { goals } from "../../server/db/schema/goals.ts";
import { progressReports } from "../../server/db/schema/progress-reports.ts";
import { rtmMonthLocks, rtmSetupBilled } from "../../server/db/schema/month-close.ts";
import { chatAttachments, chatMessageRevisions, chatMessages, chatThreads } from "../../server/db/schema/chat.ts";
import type { RegisteredRoute } from "../../server/http/access-control.ts";
import { isApiPath } from "../../server/http/route-access.ts";
import { createAccount, preAuthToken, signIn, withBearer, withToken, type TestAccount } from "../../server/auth/auth.test-helper.ts";
import { API_KEY_HEADER, type TestApp, createTestApp } from "../../server/test-app.test-helper.ts";
import { AUTH_AUDIT_ACTIONS } from "../../server/auth/auth-audit.ts";
import { auditKindOf } from "../../domain/shared/audit-vocabulary.ts";
import { auditRowFaults } from "./audit-conformance.ts";
import { type Expectation, MATRIX_PRINCIPALS, type MatrixPrincipal, RECORD_OWNER, expectedAnswer } from "./access-expectation.ts";

// Every registered /api route, called as every kind of principal (issue 10). The expected answer
// of each cell comes from the route's declarations (access rule and tenant scope) and the
// permission table, never from a list written here, so a route a later feature adds joins the
// matrix by itself. Requests are built from the route's own decoders: ids in the path name the
// owning institution's records; bodies are empty, so no write gets past its decoder.
// 1,176 cells (147 routes x 8 callers) in one case: 11-17 s a driver at load 3 on 2 cores
// (2026-12-01; 33-36 s before refused writes stopped restoring the targets); it grows with every route.
const SETUP_TIMEOUT = 300_000;

/** The tables a write cell may change and restoreTarget puts back (SQL names). */
const RESTORED_TABLES = [
  "progress_reports", "goals", "chat_message_revisions", "chat_messages", "rtm_setup_billed", "rtm_month_locks", "patient_devices",
  "administrators", "staff", "users", "invitations", "patients", "game_sessions", "game_attempts", "attempt_notes", "exercise_templates", "exercise_template_forms",
] as const;

/** Marks only the other institution's patient carries: no answer to anyone else may hold it. */
const OTHER_INSTITUTION_MARK = "zephyrine.quillon@lakeside.test";
const ASSIGNED_PATIENT_MARK = "assigned.patient@riverside.test";
/** Every person of the other institution has an address at its domain: only the platform and that institution's own administrator may see one. */
const OTHER_INSTITUTION_PEOPLE_MARK = "@lakeside.test";

type Ids = {
  owningInstitution: number;
  assignedStaff: number;
  targetPatient: number;
  recordOwnerUser: number;
  /** The target patient's exercise level, one session of it, an attempt and a note on it (session review). */
  targetLevel: number;
  targetSession: number;
  targetAttempt: number;
  targetNote: number;
  /** An exercise template of the owning institution (institution-records). */
  targetTemplate: number;
  /** An administrator and an SLP of the owning institution that no principal signs in as (their status actions go through). */
  targetAdministrator: number;
  targetStaff: number;
  /** A paired device of the target patient (the device routes' device_id). */
  targetDevice: number;
  /** A treatment-management time entry of the target patient (rtm/time-entries/{id}/). */
  targetTimeEntry: number;
  /** The target patient's chat thread, and the attachment of its first message (written by the assigned SLP). */
  targetThread: number;
  targetAttachment: number;
  /** A goal of the target patient (goals/{id}/). */
  targetGoal: number;
  /** A draft progress report of the target patient (progress-reports/{id}/). */
  targetReport: number;
};
type PatientRow = Omit<typeof patients.$inferSelect, "searchText">;
type TargetRows = {
  patient: PatientRow;
  session: typeof gameSessions.$inferSelect;
  attempt: typeof gameAttempts.$inferSelect;
  note: typeof attemptNotes.$inferSelect;
  template: typeof exerciseTemplates.$inferSelect;
  templateForms: (typeof exerciseTemplateForms.$inferSelect)[];
  /** The target administrator's and SLP's rows, and the users behind them. */
  administrator: typeof administrators.$inferSelect;
  staffMember: typeof staff.$inferSelect;
  people: (typeof users.$inferSelect)[];
  device: typeof patientDevices.$inferSelect;
  chatMessage: typeof chatMessages.$inferSelect;
  goal: typeof goals.$inferSelect;
  report: typeof progressReports.$inferSelect;
};

const propertyNames = (schema: Schema.Top): string[] => {
  const json = Schema.toJsonSchemaDocument(schema as never).schema as { properties?: Record<string, unknown> };
  return Object.keys(json.properties ?? {});
};

const RECORD_PARAMETERS = new Set(["id", "institution", "institution_id", "patient", "patient_id", "staff_id", "game_level_id", "thread_id", "attachment_id"]);

/** The record a path `:id` names on an assigned-patients route: a session, an attempt or a note of the target patient, else the patient. */
const assignedRecordId = (url: string, ids: Ids): number => {
  if (url.startsWith("/api/game-session/")) return ids.targetSession;
  if (url.startsWith("/api/attempt/")) return ids.targetAttempt;
  if (url.startsWith("/api/attempt-notes/")) return ids.targetNote;
  if (url.startsWith("/api/rtm/time-entries/")) return ids.targetTimeEntry;
  if (url.startsWith("/api/goals/")) return ids.targetGoal;
  if (url.startsWith("/api/progress-reports/")) return ids.targetReport;
  return ids.targetPatient;
};

/** The value the matrix puts in a path or query parameter, or undefined to leave it out. */
const valueFor = (name: string, route: RegisteredRoute, ids: Ids): string | undefined => {
  const scope = route.doc?.scope;
  if (name === "id") {
    if (scope === "own-record") return String(ids.recordOwnerUser);
    if (scope === "assigned-patients") return String(assignedRecordId(route.url, ids));
    if (scope === "institution-records") {
      if (route.url.startsWith("/api/administrators/")) return String(ids.targetAdministrator);
      if (route.url.startsWith("/api/staff/")) return String(ids.targetStaff);
      return String(ids.targetTemplate);
    }
    if (scope === "own-institution" || scope === "institution-member" || scope === "institution-admin") return String(ids.owningInstitution);
    return "1";
  }
  if (name === "game_level_id") return String(ids.targetLevel);
  if (name === "institution" || name === "institution_id") return scope === "own-institution" || scope === "institution-member" ? String(ids.owningInstitution) : undefined;
  if (name === "patient" || name === "patient_id") return String(ids.targetPatient);
  if (name === "staff_id") return String(ids.assignedStaff);
  if (name === "device_id") return String(ids.targetDevice);
  // The chat's thread, its first message and that message's attachment (the target patient's).
  if (name === "thread_id") return String(ids.targetThread);
  if (name === "attachment_id") return String(ids.targetAttachment);
  if (name === "seq") return "1";
  // The time and call logs read one month: the month of the target's entry.
  if (name === "month") return "2026-02";
  // The review queue's step walks one patient (the target) when asked so; without a scope it is a 400 for everyone.
  if (name === "scope" && route.url === "/api/review-queue/next/") return "patient";
  // The audit log's reports and export read a period (issue 38): the month of the target's records.
  if (route.url.startsWith("/api/audit/") && name === "from") return "2026-02-01";
  if (route.url.startsWith("/api/audit/") && name === "to") return "2026-02-28";
  return undefined;
};

/** The request a cell sends: its URL with path and query filled, and whether it names one record. */
const requestFor = (route: RegisteredRoute, ids: Ids): { url: string; namesRecord: boolean } => {
  let url = route.url;
  let namesRecord = false;
  const query: string[] = [];
  for (const decoder of route.decodes) {
    if (decoder.part === "body") continue;
    for (const name of propertyNames(decoder.schema)) {
      const value = valueFor(name, route, ids);
      if (decoder.part === "params") {
        url = url.replace(`:${name}`, encodeURIComponent(value ?? "matrix"));
        if (value !== undefined && RECORD_PARAMETERS.has(name)) namesRecord = true;
      } else if (value !== undefined) {
        query.push(`${name}=${encodeURIComponent(value)}`);
        if (RECORD_PARAMETERS.has(name)) namesRecord = true;
      }
    }
  }
  // Any parameter no decoder named (none today) still gets a value.
  url = url.replace(/:([A-Za-z_]+)/g, "matrix");
  return { url: query.length === 0 ? url : `${url}?${query.join("&")}`, namesRecord };
};

/**
 * The routes only a patient's device calls (`Authorization: Device <token>`, docs/mobile-api.md):
 * `{ public: true }` to the access rule, their device check answers 401 to every principal here
 * (none holds a device token), before decoding and without an audit row, as for an anonymous 401.
 */
const DEVICE_ROUTES = new Set([
  "POST /api/mobile/game-sessions/",
  "GET /api/mobile/chat/messages/",
  "POST /api/mobile/chat/messages/",
  "PUT /api/mobile/chat/read/",
  "GET /api/mobile/chat/stream/",
]);

/**
 * The chat's stream never ends by itself: its allowed cells are opened by the chat's delivery test
 * (server/features/chat/chat-delivery.int.test.ts), its refusals (answered before it streams) here.
 */
const STREAM_ROUTES = new Set(["GET /api/slp-chat/stream/"]);
const isDeviceRoute = (route: RegisteredRoute): boolean => DEVICE_ROUTES.has(`${route.method} ${route.url}`);

/** Whether an answer is the access rule or the scope refusing, rather than the route answering. */
const refusal = (status: number, code: unknown, scope: string | undefined): boolean =>
  (status === 401 && code === "ERROR_001") || status === 403 || (status === 404 && (scope === "own-record" || scope === "assigned-patients" || scope === "institution-records"));

describe.each(TEST_DRIVERS)("the access matrix on %s", (driver) => {
  let t: TestApp;
  let ids: Ids;
  let targetRows: TargetRows | undefined;
  const headers: Partial<Record<MatrixPrincipal, Record<string, string>>> = {};

  beforeAll(async () => {
    t = await createTestApp(driver);
    const db = t.database.db;
    const account = (email: string, role: Parameters<typeof createAccount>[1]["role"]) => createAccount(t, { email, role });
    const superAdmin = await account("super@matrix.test", "super_admin");
    const owningAdmin = await account("admin@riverside.test", "institution_admin");
    const otherAdmin = await account("admin@lakeside.test", "institution_admin");
    const staffAdmin = await account("staffadmin@riverside.test", "staff_admin");
    const assignedSlp = await account("slp@riverside.test", "staff");
    const unassignedSlp = await account("slp2@riverside.test", "staff");
    const riverside = owningAdmin.institutionId ?? 0;
    // createAccount gives each account a clinic of its own; these three work at Riverside.
    for (const moved of [staffAdmin, assignedSlp, unassignedSlp]) {
      await db.update(users).set({ institutionId: riverside }).where(eq(users.id, moved.id));
      await db.update(staff).set({ institutionId: riverside }).where(eq(staff.userId, moved.id));
      await db.update(administrators).set({ institutionId: riverside }).where(eq(administrators.userId, moved.id));
    }
    const [slpRow] = await db.select({ id: staff.id }).from(staff).where(eq(staff.userId, assignedSlp.id));
    const patient = (institutionId: number, email: string, assignedStaffId: number | null) => ({
      institutionId,
      firstName: "Matrix",
      lastName: "Patient",
      email,
      birthdate: "1950-01-01",
      gender: "female" as const,
      assignedStaffId,
    });
    const [target] = await db.insert(patients).values(patient(riverside, ASSIGNED_PATIENT_MARK, slpRow?.id ?? null)).returning({ id: patients.id });
    const [other] = await db.insert(patients).values(patient(otherAdmin.institutionId ?? 0, OTHER_INSTITUTION_MARK, null)).returning({ id: patients.id });
    const targetPatient = target?.id ?? 0;
    // A played session, an attempt and a note per patient for the session-review routes; what the
    // patient said carries their mark, so an answer that holds it outside the slice is a leak. The
    // other institution's come first, so no target id equals the target patient's id.
    const [game] = await db.insert(games).values({ type: "naming", name: "Naming", levelsAvailable: ["easy", "medium", "hard"] }).returning({ id: games.id });
    const gameId = game?.id ?? 0;
    const [noteType] = await db.insert(noteTypes).values({ name: "Observation", color: "#2563eb", sortOrder: 1 }).returning({ id: noteTypes.id });
    const played = async (patientId: number, mark: string, authorId: number) => {
      const [level] = await db
        .insert(patientGameLevels)
        .values({ patientId, gameId, difficulty: "easy", amountChallenges: 1, amountTrials: 1, minRepetitionsPerDay: 0, maxRepetitionsPerDay: 1 })
        .returning({ id: patientGameLevels.id });
      const start = new Date("2026-02-20T10:00:00Z");
      const [session] = await db
        .insert(gameSessions)
        .values({ patientGameLevelId: level?.id ?? 0, patientId, gameId, difficulty: "easy", startTime: start, endTime: start, durationSeconds: 30, totalScore: 1, accuracyPercentage: 100 })
        .returning({ id: gameSessions.id });
      const [challenge] = await db.insert(gameChallenges).values({ sessionId: session?.id ?? 0, position: 1, content: { object_name: "apple", image_url: null } }).returning({ id: gameChallenges.id });
      const [attempt] = await db
        .insert(gameAttempts)
        .values({ sessionId: session?.id ?? 0, challengeId: challenge?.id ?? 0, attemptNumber: 1, score: 1, isCorrect: true, transcription: mark, createdAt: start })
        .returning({ id: gameAttempts.id });
      const [note] = await db
        .insert(attemptNotes)
        .values({ attemptId: attempt?.id ?? 0, noteTypeId: noteType?.id ?? 0, content: `About ${mark}`, createdByUserId: authorId })
        .returning({ id: attemptNotes.id });
      return { level: level?.id ?? 0, session: session?.id ?? 0, attempt: attempt?.id ?? 0, note: note?.id ?? 0 };
    };
    await played(other?.id ?? 0, OTHER_INSTITUTION_MARK, otherAdmin.id);
    const targets = await played(targetPatient, ASSIGNED_PATIENT_MARK, assignedSlp.id);
    const [template] = await db.insert(exerciseTemplates).values({ institutionId: riverside, name: "Matrix template" }).returning({ id: exerciseTemplates.id });
    // The people records the administration routes name: no principal signs in as them, so an
    // allowed deactivation or deletion ends nobody's session in the matrix.
    const targetAdmin = await account("target.admin@riverside.test", "institution_admin");
    const targetSlp = await account("target.slp@riverside.test", "staff");
    for (const moved of [targetAdmin, targetSlp]) {
      await db.update(users).set({ institutionId: riverside }).where(eq(users.id, moved.id));
      await db.update(staff).set({ institutionId: riverside }).where(eq(staff.userId, moved.id));
      await db.update(administrators).set({ institutionId: riverside }).where(eq(administrators.userId, moved.id));
    }
    const [targetAdminRow] = await db.select().from(administrators).where(eq(administrators.userId, targetAdmin.id));
    const [targetStaffRow] = await db.select().from(staff).where(eq(staff.userId, targetSlp.id));
    if (targetAdminRow === undefined || targetStaffRow === undefined) throw new Error("matrix people missing");
    await db.insert(exerciseTemplateForms).values({ templateId: template?.id ?? 0, gameId, position: 1, difficulty: "easy", amountChallenges: 1, amountTrials: 1, minRepetitionsPerDay: 1, maxRepetitionsPerDay: 1 });
    const [device] = await db.insert(patientDevices).values({ patientId: targetPatient, label: "Matrix tablet", tokenHash: "0".repeat(64), createdAt: new Date("2026-02-20T10:00:00Z") }).returning();
    if (device === undefined) throw new Error("matrix device missing");
    // A time entry per patient whose note carries the patient's mark (the other institution's first, so no id is shared).
    const timeEntry = async (patientId: number, institutionId: number, mark: string, clinicianUserId: number) => {
      const [row] = await db
        .insert(rtmTimeEntries)
        .values({ patientId, institutionId, clinicianUserId, activity: "review", startedAt: new Date("2026-02-20T10:00:00Z"), minutes: 5, note: `About ${mark}` })
        .returning({ id: rtmTimeEntries.id });
      return row?.id ?? 0;
    };
    await timeEntry(other?.id ?? 0, otherAdmin.institutionId ?? 0, OTHER_INSTITUTION_MARK, otherAdmin.id);
    const targetTimeEntry = await timeEntry(targetPatient, riverside, ASSIGNED_PATIENT_MARK, assignedSlp.id);
    // The target patient's chat thread with one message of the assigned SLP carrying an attachment.
    const [thread] = await db.insert(chatThreads).values({ institutionId: riverside, kind: "patient", patientId: targetPatient, lastSeq: 1, createdAt: new Date("2026-02-20T10:00:00Z") }).returning();
    const [attachment] = await db
      .insert(chatAttachments)
      .values({ institutionId: riverside, kind: "application/pdf", name: "sheet.pdf", size: 5, sha256: "0".repeat(64), bytes: new TextEncoder().encode("%PDF-"), uploadedByUserId: assignedSlp.id, uploadedAt: new Date("2026-02-20T10:00:00Z") })
      .returning();
    const [chatMessage] = await db
      .insert(chatMessages)
      .values({ threadId: thread?.id ?? 0, institutionId: riverside, seq: 1, streamSeq: 1, clientId: "6f1c1f4e-8d0a-4c1e-9f7b-2a3b4c5d6e7f", authorUserId: assignedSlp.id, body: "About the exercises", attachmentId: attachment?.id ?? null, sentAt: new Date("2026-02-20T10:00:00Z") })
      .returning();
    if (thread === undefined || attachment === undefined || chatMessage === undefined) throw new Error("matrix chat missing");
    // A goal of each institution's patient; the other's statement carries its mark.
    const goalOf = async (patientId: number, institutionId: number, mark: string, authorId: number) => {
      const [row] = await db
        .insert(goals)
        .values({ patientId, institutionId, label: "LTG-1", kind: "long_term", statement: `Names objects, says ${mark}`, gameTypes: ["naming"], minLevel: "easy", minAccuracy: 80, window: "consecutive", sessions: 3, ofSessions: 3, startDate: "2026-02-01", dueDate: "2026-05-01", createdByUserId: authorId })
        .returning();
      if (row === undefined) throw new Error("matrix goal missing");
      return row;
    };
    await goalOf(other?.id ?? 0, otherAdmin.institutionId ?? 0, OTHER_INSTITUTION_MARK, otherAdmin.id);
    const goal = await goalOf(targetPatient, riverside, ASSIGNED_PATIENT_MARK, assignedSlp.id);
    // A draft progress report of each institution's patient; the other's plan carries its mark.
    const reportOf = async (patientId: number, institutionId: number, mark: string, authorId: number) => {
      const drafted = { period: { start: "2026-02-01", end: "2026-02-28" }, goals: [], adherence: { sessions_done: 0, sessions_assigned: 0, data_days: 0, clinician_minutes: 0 }, ratings: [] };
      const [row] = await db
        .insert(progressReports)
        .values({ patientId, institutionId, periodStart: "2026-02-01", periodEnd: "2026-02-28", drafted, assessment: `Progressing, writes to ${mark}`, createdByUserId: authorId })
        .returning();
      if (row === undefined) throw new Error("matrix progress report missing");
      return row;
    };
    await reportOf(other?.id ?? 0, otherAdmin.institutionId ?? 0, OTHER_INSTITUTION_MARK, otherAdmin.id);
    const report = await reportOf(targetPatient, riverside, ASSIGNED_PATIENT_MARK, assignedSlp.id);
    ids = {
      targetReport: report.id,
      targetGoal: goal.id,
      targetThread: thread.id,
      targetAttachment: attachment.id,
      targetDevice: device.id,
      targetTimeEntry,
      targetAdministrator: targetAdminRow.id,
      targetStaff: targetStaffRow.id,
      targetTemplate: template?.id ?? 0,
      owningInstitution: riverside,
      assignedStaff: slpRow?.id ?? 0,
      targetPatient,
      recordOwnerUser: owningAdmin.id,
      targetLevel: targets.level,
      targetSession: targets.session,
      targetAttempt: targets.attempt,
      targetNote: targets.note,
    };
    // search_text is generated (migration 0039): the restore writes every column but it.
    const { searchText: _generated, ...patientColumns } = getTableColumns(patients);
    const [patientRow] = await db.select(patientColumns).from(patients).where(eq(patients.id, targetPatient));
    const [sessionRow] = await db.select().from(gameSessions).where(eq(gameSessions.id, ids.targetSession));
    const [attemptRow] = await db.select().from(gameAttempts).where(eq(gameAttempts.id, ids.targetAttempt));
    const [noteRow] = await db.select().from(attemptNotes).where(eq(attemptNotes.id, ids.targetNote));
    const [templateRow] = await db.select().from(exerciseTemplates).where(eq(exerciseTemplates.id, ids.targetTemplate));
    const templateForms = await db.select().from(exerciseTemplateForms).where(eq(exerciseTemplateForms.templateId, ids.targetTemplate));
    if (patientRow === undefined || sessionRow === undefined || attemptRow === undefined || noteRow === undefined || templateRow === undefined) throw new Error("matrix targets missing");
    const people = await db.select().from(users).where(inArray(users.id, [targetAdmin.id, targetSlp.id]));
    targetRows = { patient: patientRow, session: sessionRow, attempt: attemptRow, note: noteRow, template: templateRow, templateForms, administrator: targetAdminRow, staffMember: targetStaffRow, people, device, chatMessage, goal, report };

    const bearer = async (who: TestAccount) => withBearer((await signIn(t, who)).access);
    headers.anonymous = { ...API_KEY_HEADER };
    headers["pre-authenticated"] = withToken(await preAuthToken(t, owningAdmin));
    headers["super admin"] = await bearer(superAdmin);
    headers["institution admin (owning)"] = await bearer(owningAdmin);
    headers["institution admin (other)"] = await bearer(otherAdmin);
    headers["staff admin"] = await bearer(staffAdmin);
    headers["SLP (assigned)"] = await bearer(assignedSlp);
    headers["SLP (not assigned)"] = await bearer(unassignedSlp);
    expect(RECORD_OWNER).toBe("institution admin (owning)");
  }, SETUP_TIMEOUT);
  afterAll(() => t?.close());

  // A write an allowed principal gets through (delete, inactivate, activate, an empty patch, a
  // review, a correction, a note, a template cleared or duplicated) must not change the targets for the cells after it: the rows are
  // put back as they were after every write, and a note written on the target attempt goes.
  // The tables restoreTarget puts back, as one digest of their whole contents: a refused write
  // must leave it as it was (checked after every refused write cell, in one statement).
  const contentsDigest = async (): Promise<string> => {
    const parts = RESTORED_TABLES.map((table) => `select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as d from ${table} t`).join(" union all ");
    const [row] = rowsOf(await t.database.db.execute(sql.raw(`select string_agg(d, '') as digest from (${parts}) parts`)));
    return String(row?.digest);
  };

  // One transaction: about thirty statements, one commit (on PostgreSQL one WAL flush instead of thirty).
  const restoreTarget = async (): Promise<void> => {
    if (targetRows === undefined) return;
    await t.database.db.transaction((db) => restoreTargetIn(db, targetRows as TargetRows));
  };
  const restoreTargetIn = async (db: Database, rows: TargetRows): Promise<void> => {
    const { patient, session, attempt, note, template, templateForms, administrator, staffMember, people, device, chatMessage, goal, report } = rows;
    // An edited target draft gets its row back (the matrix's empty body never signs it: its plan is empty); the drafts an allowed caller made stay, as reports are never deleted.
    const { id: reportId, ...reportColumns } = report;
    await db.update(progressReports).set(reportColumns).where(eq(progressReports.id, reportId));
    // An edited target goal gets its row back; goals are never deleted, so a goal an allowed caller wrote (the matrix's empty body never gets one through) would stay.
    const { id: goalId, ...goalColumns } = goal;
    await db.update(goals).set(goalColumns).where(eq(goals.id, goalId));
    // A withdrawn or edited chat message is put back, its revisions gone.
    await db.delete(chatMessageRevisions);
    const { id: chatMessageId, ...chatMessageColumns } = chatMessage;
    await db.update(chatMessages).set(chatMessageColumns).where(eq(chatMessages.id, chatMessageId));
    // A month an administrator locked (rtm/months/{month}/lock/) opens again, so the time log's writes after it are judged as before.
    await db.delete(rtmSetupBilled);
    await db.delete(rtmMonthLocks);
    // A revoked target device is live again; a device an allowed caller paired goes.
    const { id: deviceId, ...deviceColumns } = device;
    await db.update(patientDevices).set(deviceColumns).where(eq(patientDevices.id, deviceId));
    await db.delete(patientDevices).where(ne(patientDevices.id, deviceId));
    // A deactivated, deleted or re-invited target person gets their rows back, and no link stays.
    const { id: administratorId, ...administratorColumns } = administrator;
    await db.update(administrators).set(administratorColumns).where(eq(administrators.id, administratorId));
    const { id: staffId, ...staffColumns } = staffMember;
    await db.update(staff).set(staffColumns).where(eq(staff.id, staffId));
    for (const { id: userId, ...userColumns } of people) await db.update(users).set(userColumns).where(eq(users.id, userId));
    await db.delete(invitations).where(inArray(invitations.userId, people.map((person) => person.id)));
    const { id: patientId, ...patientColumns } = patient;
    await db.update(patients).set(patientColumns).where(eq(patients.id, patientId));
    const { id: sessionId, ...sessionColumns } = session;
    await db.update(gameSessions).set(sessionColumns).where(eq(gameSessions.id, sessionId));
    const { id: attemptId, ...attemptColumns } = attempt;
    await db.update(gameAttempts).set(attemptColumns).where(eq(gameAttempts.id, attemptId));
    const { id: noteId, ...noteColumns } = note;
    await db.update(attemptNotes).set(noteColumns).where(eq(attemptNotes.id, noteId));
    await db.delete(attemptNotes).where(and(eq(attemptNotes.attemptId, attemptId), ne(attemptNotes.id, noteId)));
    // A duplicate's copy goes, a cleared or changed template gets its name and forms back.
    await db.delete(exerciseTemplates).where(ne(exerciseTemplates.id, template.id));
    const { id: templateId, ...templateColumns } = template;
    await db.update(exerciseTemplates).set(templateColumns).where(eq(exerciseTemplates.id, templateId));
    await db.delete(exerciseTemplateForms).where(eq(exerciseTemplateForms.templateId, templateId));
    await db.insert(exerciseTemplateForms).values(templateForms.map(({ id: _id, ...form }) => form));
  };

  /** Whether a 403 is the chat's author rule (only a message's author changes it) after the scope let the caller in. */
  const refusedAsNotAuthor = async (body: { id?: unknown }): Promise<boolean> => {
    if (typeof body.id !== "string") return false;
    const rows = await t.database.db.select().from(auditEvents).where(eq(auditEvents.requestId, body.id));
    return rows.length === 1 && rows[0]?.reason === "not_author";
  };

  /** Whether the answer is the body's decoding refusing, audited before any scope was decided. */
  const refusedBodyFirst = async (body: { id?: unknown }): Promise<boolean> => {
    if (typeof body.id !== "string") return false;
    const rows = await t.database.db.select().from(auditEvents).where(eq(auditEvents.requestId, body.id));
    return rows.length > 0 && rows.every((row) => row.outcome === "failure" && row.reason === "invalid_body");
  };

  const apiRoutes = (): RegisteredRoute[] => t.app.registeredRoutes.filter((route) => isApiPath(route.url) && route.method !== "HEAD");

  it("has a declaration (access rule and doc) on every route it calls", () => {
    const undeclared = apiRoutes().filter((route) => route.access === undefined || route.doc === undefined);
    expect(undeclared.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it(
    "answers every route x principal cell as the permission table and the tenant scope say, and never shows another's records",
    async () => {
      const mismatches: string[] = [];
      const leaks: string[] = [];
      const unaudited: string[] = [];
      const changedByRefusal: string[] = [];
      let untouched = await contentsDigest();
      let cells = 0;
      let allowed = 0;
      // MATRIX_TABLE=1 prints every route's row of answers (the role x call table closing notes quote).
      const table: string[] = [];
      for (const route of apiRoutes()) {
        const access = route.access;
        const scope = route.doc?.scope;
        if (access === undefined || scope === undefined) continue;
        const { url, namesRecord } = requestFor(route, ids);
        const row: string[] = [];
        for (const principal of MATRIX_PRINCIPALS) {
          const expected: Expectation = isDeviceRoute(route) ? { allowed: false, status: 401 } : expectedAnswer(access, scope, principal, namesRecord);
          if (expected.allowed && STREAM_ROUTES.has(`${route.method} ${route.url}`)) {
            cells += 1;
            allowed += 1;
            row.push("stream");
            continue;
          }
          const writes = ["POST", "PUT", "PATCH", "DELETE"].includes(route.method);
          const response = await t.app.inject({
            method: route.method as "GET",
            url,
            headers: { ...headers[principal], ...(writes ? { "content-type": "application/json" } : {}) },
            ...(writes ? { payload: "{}" } : {}),
          });
          // Only an accepted write is put back (about thirty statements): a refused one must have
          // changed nothing, which one digest of the same tables checks (restoring after each of
          // the ~500 refused write cells took most of this test's time).
          if (writes && response.statusCode < 300) {
            await restoreTarget();
            untouched = await contentsDigest();
          } else if (writes && (await contentsDigest()) !== untouched) {
            changedByRefusal.push(`${route.method} ${url} as ${principal}: refused with ${response.statusCode}, yet the records changed`);
            await restoreTarget();
            untouched = await contentsDigest();
          }
          const code: unknown = response.headers["content-type"]?.toString().includes("json") ? (response.json() as { code?: unknown }).code : undefined;
          cells += 1;
          row.push(String(response.statusCode));
          const cell = `${route.method} ${url} as ${principal}: expected ${expected.allowed ? "allowed" : expected.status}, got ${response.statusCode} ${String(code ?? "")}`;
          if (response.statusCode >= 500) mismatches.push(cell);
          else if (expected.allowed) {
            allowed += 1;
            if (refusal(response.statusCode, code, scope) && !(response.statusCode === 403 && (await refusedAsNotAuthor(response.json())))) mismatches.push(cell);
          } else if (response.statusCode !== expected.status) {
            // The matrix's `{}` body refused before the scope is read (routes decode params, query and
            // body first): the same 400 for every caller and every id, so it tells nothing of the record.
            if (!(writes && response.statusCode === 400 && (await refusedBodyFirst(response.json())))) mismatches.push(cell);
          } else {
            // Every refusal of someone known leaves exactly one denied row; an anonymous one none, nor
            // a full session's token on a sign-in step (docs/security.md, "Refusals of the access rule").
            const requestId = (response.json() as { id?: unknown }).id;
            const rows = typeof requestId === "string" ? await t.database.db.select().from(auditEvents).where(eq(auditEvents.requestId, requestId)) : [];
            const audited = principal !== "anonymous" && !("preAuth" in access) && !isDeviceRoute(route);
            const denied = rows.filter((row) => row.outcome === "denied");
            if (audited ? rows.length !== 1 || denied.length !== 1 : rows.length !== 0) unaudited.push(`${cell}: ${rows.length} audit rows (${rows.map((row) => `${row.outcome}/${row.reason ?? ""}`).join(", ")})`);
          }
          if (response.statusCode === 200) {
            if (response.body.includes(OTHER_INSTITUTION_MARK) && principal !== "institution admin (other)") leaks.push(`${cell} holds the other institution's patient`);
            const mayShowTarget = principal === "SLP (assigned)" || principal === "institution admin (owning)" || principal === "staff admin";
            if (response.body.includes(ASSIGNED_PATIENT_MARK) && !mayShowTarget) leaks.push(`${cell} holds a patient outside the caller's scope`);
            if (response.body.includes(OTHER_INSTITUTION_PEOPLE_MARK) && principal !== "institution admin (other)" && principal !== "super admin") {
              leaks.push(`${cell} holds a person of the other institution`);
            }
          }
        }
        table.push(`| ${route.method} ${route.url} | ${row.join(" | ")} |`);
      }
      if (process.env["MATRIX_TABLE"] === "1") console.log([`| route | ${MATRIX_PRINCIPALS.join(" | ")} |`, `|---|${MATRIX_PRINCIPALS.map(() => "---").join("|")}|`, ...table].join("\n"));
      // The size the closing note and docs/security.md quote.
      console.log(`access matrix (${driver}): ${apiRoutes().length} routes x ${MATRIX_PRINCIPALS.length} principals = ${cells} cells, ${allowed} allowed`);
      expect(mismatches).toEqual([]);
      expect(changedByRefusal).toEqual([]);
      expect(leaks).toEqual([]);
      expect(unaudited).toEqual([]);
      expect(cells).toBe(apiRoutes().length * MATRIX_PRINCIPALS.length);
    },
    SETUP_TIMEOUT,
  );

  // Issue 38, "What is recorded": every row the matrix left (every route as every principal, and the
  // sign-ins before it) holds each field the trail promises (tests/security/audit-conformance.ts).
  it("leaves audit rows that each hold every required field", async () => {
    const rows = await t.database.db.select().from(auditEvents);
    expect(rows.length).toBeGreaterThan(apiRoutes().length);
    const faults = rows.flatMap(auditRowFaults);
    expect([...new Set(faults.map((fault) => fault.replace(/row \d+: /, "")))]).toEqual([]);
    expect(AUTH_AUDIT_ACTIONS.filter((action) => auditKindOf(action, "auth_session", "success") === undefined)).toEqual([]);
  });
});
