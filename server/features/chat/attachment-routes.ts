import { createHash } from "node:crypto";
import { and, eq, notExists } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { attachmentKindOf, storedAttachmentName } from "../../../domain/chat/attachment-kind.ts";
import { downloadAttachmentEndpoint, uploadAttachmentEndpoint } from "../../../domain/chat/chat-endpoints.ts";
import { CHAT_LIMITS } from "../../../domain/chat/chat-limits.ts";
import type { Database } from "../../db/database.ts";
import { chatAttachments, chatMessages } from "../../db/schema/chat.ts";
import { apiFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import type { ScopeDecision } from "../../http/open-route.ts";
import type { Principal } from "../../http/principal.ts";
import type { ChatDeps } from "./chat-actions.ts";
import { CHAT_ACCESS, CHAT_READ_ERRORS } from "./chat-access.ts";
import { type ChatReader, openThreadOf, staffReader } from "./thread-scope.ts";

const OCTET_STREAM = "application/octet-stream";
const notAllowedKind = () => apiFailure(400, "ERROR_044", "the file's bytes are not a PDF, PNG or JPEG", { field: "file" });
const attachmentNotFound = () => apiFailure(404, "ERROR_030", "attachment not found for the caller", { placeholders: { field_name: "attachment" } });

/**
 * Who may fetch an attachment: whoever may open the thread of the message that carries it, or its
 * uploader while no message carries it yet. Anything else reads as an unknown id.
 */
const attachmentScope = async (db: Database, principal: Principal, attachmentId: number): Promise<ScopeDecision<{ readonly id: number }>> => {
  const reader = await staffReader(db, principal);
  if (!reader.ok) return { ...reader, resourceId: String(attachmentId) };
  const notFound: ScopeDecision<{ readonly id: number }> = { ok: false, failure: attachmentNotFound(), reason: "outside_scope", resourceId: String(attachmentId) };
  const [carrier] = await db.select({ threadId: chatMessages.threadId }).from(chatMessages).where(eq(chatMessages.attachmentId, attachmentId)).limit(1);
  if (carrier !== undefined) {
    const thread = await openThreadOf(db, reader.scope, carrier.threadId);
    return thread.ok ? { ok: true, scope: { id: attachmentId }, resourceId: String(attachmentId) } : notFound;
  }
  const carried = db.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.attachmentId, chatAttachments.id));
  const [own] = await db
    .select({ id: chatAttachments.id })
    .from(chatAttachments)
    .where(and(eq(chatAttachments.id, attachmentId), eq(chatAttachments.uploadedByUserId, principal.userId), notExists(carried)));
  return own === undefined ? notFound : { ok: true, scope: { id: attachmentId }, resourceId: String(attachmentId) };
};

/** The uploader's columns of an attachment row. */
const uploaderOf = (reader: ChatReader) =>
  reader.kind === "staff" ? { uploadedByUserId: reader.userId, uploadedByDeviceId: null } : { uploadedByUserId: null, uploadedByDeviceId: reader.deviceId };

/** A file name safe in a Content-Disposition header: ASCII for `filename`, the whole name percent-encoded for `filename*`. */
const disposition = (name: string): string => {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
};

/**
 * Attachments (docs/chat-api.md, "Attachments"): the raw bytes up (application/octet-stream, at
 * most 10 MB: 413 ERROR_045 while it is read), kept only when its first bytes are a PDF, PNG or
 * JPEG (ERROR_044), whatever its name says; down as a download, never rendered by the portal's origin.
 */
export const registerAttachmentRoutes = (app: FastifyInstance, deps: ChatDeps): void => {
  const { db, clock } = deps;
  app.register(async (scoped) => {
    scoped.addContentTypeParser(OCTET_STREAM, { parseAs: "buffer", bodyLimit: CHAT_LIMITS.attachmentBytes }, (_request, body, done) => done(null, body));

    routeEndpoint(
      scoped,
      deps,
      uploadAttachmentEndpoint,
      {
        access: CHAT_ACCESS,
        doc: {
          summary: "Upload a file to send with a message: its bytes (application/octet-stream, at most 10 MB), ?name= its name; PDF, PNG or JPEG by its first bytes",
          scope: "caller",
          errors: { 400: ["ERROR_044", "ERROR_056"], 403: ["ERROR_001"] },
          status: 201,
        },
        audit: { action: "create", resource: "chat_attachment" },
        scope: (principal) => staffReader(db, principal),
        bodyLimit: CHAT_LIMITS.attachmentBytes,
      },
      async ({ input: { query }, scope: reader, audit, refuse }, request, reply) => {
        const bytes = Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : new Uint8Array();
        const kind = attachmentKindOf(bytes);
        if (kind === null) return refuse(notAllowedKind(), "failure", "file_kind");
        const attachment = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(chatAttachments)
            .values({
              institutionId: reader.slice.institutionId,
              kind,
              // Kept under a name whose ending says what its bytes are ("scan.pdf" of a PNG is "scan.png").
              name: storedAttachmentName(query.name, kind),
              size: bytes.byteLength,
              sha256: createHash("sha256").update(bytes).digest("hex"),
              bytes,
              ...uploaderOf(reader),
              uploadedAt: clock.now(),
            })
            .returning({ id: chatAttachments.id, kind: chatAttachments.kind, name: chatAttachments.name, size: chatAttachments.size });
          if (row === undefined) throw new Error("attachment insert returned no row");
          await audit("success", null, String(row.id), tx);
          return row;
        });
        return reply.code(201).send(attachment);
      },
    );

    routeEndpoint(
      scoped,
      deps,
      downloadAttachmentEndpoint,
      {
        access: CHAT_ACCESS,
        doc: { summary: "Download an attachment of a message the caller may read (or their own, not yet sent)", scope: "assigned-patients", errors: CHAT_READ_ERRORS },
        audit: { action: "read", resource: "chat_attachment" },
        scope: (principal, { params }) => attachmentScope(db, principal, params.attachment_id),
      },
      async ({ scope, audit }, _request, reply) => {
        const [file] = await db.select({ kind: chatAttachments.kind, name: chatAttachments.name, bytes: chatAttachments.bytes }).from(chatAttachments).where(eq(chatAttachments.id, scope.id));
        if (file === undefined) throw new Error("attachment vanished");
        await audit("success", null, String(scope.id));
        return reply
          .header("content-type", file.kind)
          .header("content-disposition", disposition(file.name))
          .header("x-content-type-options", "nosniff")
          .header("cache-control", "private, no-store")
          .send(Buffer.from(file.bytes));
      },
    );
  });
};
