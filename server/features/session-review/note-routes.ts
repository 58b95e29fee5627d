import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { noteCreateEndpoint, noteEditEndpoint, noteTypesEndpoint } from "../../../domain/session-review/session-review-endpoints.ts";
import type { NoteTypeId } from "../../../domain/shared/ids.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { attemptNotes, noteTypes } from "../../db/schema/notes.ts";
import { type ApiFailure, apiFailure, replyWithFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { noScope } from "../../http/open-route.ts";
import { STALE_VERSION_ERRORS, nextVersion, sendVersionTag, staleVersionFailure, versionOfRequest, whileAtVersion } from "../../http/record-version.ts";
import { loadNote } from "./attempt-records.ts";
import { attemptScope, noteScope, recordNotFound } from "./session-scope.ts";

type Deps = { readonly db: Database; readonly clock: Clock };

const unknownNoteType = (): ApiFailure =>
  apiFailure(400, "ERROR_030", "no such note type", { field: "note_type", placeholders: { field_name: "note type" } });

/** A note stays on the attempt it was written on; moving it would move a clinician's words to another result. */
const attemptMoved = (): ApiFailure => apiFailure(400, "ERROR_056", "a note cannot move to another attempt", { field: "game_attempt" });

const noteTypeExists = async (db: Database, noteTypeId: number): Promise<boolean> =>
  (await db.select({ id: noteTypes.id }).from(noteTypes).where(eq(noteTypes.id, noteTypeId)).limit(1)).length === 1;

/**
 * SLP notes on attempts (docs/session-review-api.md, "Notes"): the note types, a new note, an
 * edited note. A note is written on an attempt of a patient in the caller's slice; editing keeps
 * its author and records the last editor and the time. Locked attempts still take notes: a note
 * comments on a result, it does not change it.
 */
export const registerNoteRoutes = (app: FastifyInstance, deps: Deps): void => {
  const { db, clock } = deps;

  routeEndpoint(
    app,
    deps,
    noteTypesEndpoint,
    {
      access: { resource: "slp_notes", action: "list" },
      doc: { summary: "The kinds of SLP note with their badge colours, in sort order", scope: "none", errors: {} },
      scope: noScope,
    },
    async () => {
      const rows = await db.select().from(noteTypes).orderBy(asc(noteTypes.sortOrder), asc(noteTypes.name), asc(noteTypes.id));
      return rows.map((row) => ({ id: row.id as NoteTypeId, name: row.name, color: row.color, sort_order: row.sortOrder }));
    },
  );

  routeEndpoint(
    app,
    deps,
    noteCreateEndpoint,
    {
      access: { resource: "slp_notes", action: "create" },
      doc: {
        summary: "Writes an SLP note of one type on an attempt",
        scope: "assigned-patients",
        errors: { 400: ["ERROR_030", "ERROR_056"], 403: ["ERROR_001"], 404: ["ERROR_030"] },
        status: 201,
        etag: true,
      },
      audit: { action: "create", resource: "attempt_note" },
      scope: (principal, { body }) => attemptScope(db, principal, body.game_attempt),
    },
    async ({ principal, input: { body: input }, scope, audit, refuse }, _request, reply) => {
      if (!(await noteTypeExists(db, input.note_type))) return refuse(unknownNoteType(), "failure", "unknown_note_type", String(scope.recordId));
      const now = clock.now();
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(attemptNotes)
          .values({ attemptId: scope.recordId, noteTypeId: input.note_type, content: input.content, createdByUserId: principal.userId, createdAt: now, updatedAt: now })
          .returning({ id: attemptNotes.id });
        if (row === undefined) throw new Error("note insert returned no row");
        await audit("success", null, String(row.id), tx);
        return row.id;
      });
      const note = await loadNote(db, created);
      if (note === undefined) return replyWithFailure(reply, recordNotFound("note"));
      return sendVersionTag(reply, note.version).code(201).send(note);
    },
  );

  routeEndpoint(
    app,
    deps,
    noteEditEndpoint,
    {
      access: { resource: "slp_notes", action: "partial_update" },
      doc: {
        summary: "Edits an SLP note's type and text; keeps its author, records the last editor; the note stays on its attempt; If-Match or `version` refuses a stale edit (412)",
        scope: "assigned-patients",
        errors: { 400: ["ERROR_030", "ERROR_056"], 403: ["ERROR_001"], 404: ["ERROR_030"], ...STALE_VERSION_ERRORS },
        etag: true,
      },
      audit: { action: "update", resource: "attempt_note" },
      scope: (principal, { params }) => noteScope(db, principal, params.id),
    },
    async ({ principal, input: { body }, scope, audit, refuse }, request, reply) => {
      const resourceId = String(scope.recordId);
      const { version: bodyVersion, ...edit } = body;
      const version = versionOfRequest(request, bodyVersion);
      if (!version.ok) return refuse(version.failure, "failure", "invalid_version", resourceId);
      const expected = version.value;
      const outcome = await db.transaction(async (tx) => {
        const [stored] = await tx.select({ attemptId: attemptNotes.attemptId }).from(attemptNotes).where(eq(attemptNotes.id, scope.recordId)).for("update");
        if (stored === undefined) return { failure: recordNotFound("note"), outcome: "denied" as const, reason: "outside_scope" };
        if (stored.attemptId !== edit.game_attempt) return { failure: attemptMoved(), outcome: "failure" as const, reason: "attempt_moved" };
        if (!(await noteTypeExists(tx, edit.note_type))) return { failure: unknownNoteType(), outcome: "failure" as const, reason: "unknown_note_type" };
        const written = await tx
          .update(attemptNotes)
          .set({ noteTypeId: edit.note_type, content: edit.content, lastEditedByUserId: principal.userId, updatedAt: clock.now(), version: nextVersion(attemptNotes.version) })
          .where(and(eq(attemptNotes.id, scope.recordId), whileAtVersion(attemptNotes.version, expected)))
          .returning({ id: attemptNotes.id });
        if (written.length === 0 && expected !== undefined) return { failure: staleVersionFailure(expected), outcome: "failure" as const, reason: "stale_version" };
        await audit("success", null, resourceId, tx);
        return undefined;
      });
      if (outcome !== undefined) return refuse(outcome.failure, outcome.outcome, outcome.reason, resourceId);
      const note = await loadNote(db, scope.recordId);
      if (note === undefined) return replyWithFailure(reply, recordNotFound("note"));
      return sendVersionTag(reply, note.version).send(note);
    },
  );
};
