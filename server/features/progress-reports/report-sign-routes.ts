import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import {
  canonicalAddendumText,
  canonicalReportText,
  checkSignable,
  lockedReport,
  reportAddendumEndpoint,
  reportSignEndpoint,
} from "../../../domain/progress-reports/index.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { progressReportAddenda, progressReports } from "../../db/schema/progress-reports.ts";
import { users } from "../../db/schema/users.ts";
import { apiFailure, fromDomainFailure, replyWithFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { STALE_VERSION_ERRORS, nextVersion, sendVersionTag, staleVersionFailure, versionOfRequest, whileAtVersion } from "../../http/record-version.ts";
import { goalIdsOfPeriod, reportSettings } from "./report-inputs.ts";
import { readReport, reportNotFound } from "./report-reads.ts";
import { reportScope } from "./report-scope.ts";

type Deps = { readonly db: Database; readonly clock: Clock };

const ERRORS = { 403: ["ERROR_001"], 404: ["ERROR_030"] } as const;

/** SHA-256 of the canonical text as UTF-8, hex. */
const sha256 = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex");

const signerName = async (db: Database, userId: number): Promise<string> => {
  const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId)).limit(1);
  return row === undefined ? "" : `${row.firstName} ${row.lastName}`.trim();
};

const signedLock = () => apiFailure(400, "ERROR_050", "the report is not in the state this call needs", { placeholders: { status: "signed" } });

/**
 * Signing and addenda (issue 37, docs/progress-reports.md, "Signing"): a complete report is locked
 * with its canonical content and that content's SHA-256, by the caller, who becomes its signer; an
 * incomplete one is refused with the first missing field named. A signed report takes addenda,
 * each signed and hashed with the report's hash, never an edit (the table's triggers hold both).
 */
export const registerReportSignRoutes = (app: FastifyInstance, deps: Deps): void => {
  const { db, clock } = deps;

  routeEndpoint(
    app,
    deps,
    reportSignEndpoint,
    {
      access: { resource: "goals", action: "update" },
      doc: {
        summary: "Signs a draft: refused with the first missing element named (each goal addressed, plan, period, the signer's name and credentials, the NPI where the institution asks for it); locks the content and stores its SHA-256",
        scope: "assigned-patients",
        errors: { 400: ["ERROR_003", "ERROR_034", "ERROR_050", "ERROR_056"], ...ERRORS, ...STALE_VERSION_ERRORS },
        etag: true,
      },
      audit: { action: "update", resource: "progress_report" },
      scope: (principal, { params }) => reportScope(db, principal, params.id),
    },
    async ({ principal, input: { body }, scope, audit, refuse }, request, reply) => {
      const resourceId = String(scope.reportId);
      const version = versionOfRequest(request, body.version);
      if (!version.ok) return refuse(version.failure, "failure", "invalid_version", resourceId);
      const expected = version.value;
      const name = await signerName(db, principal.userId);
      const { npiRequired } = await reportSettings(db, scope.institutionId);
      const outcome = await db.transaction(async (tx) => {
        const [stored] = await tx.select().from(progressReports).where(eq(progressReports.id, scope.reportId)).for("update");
        if (stored === undefined) return { failure: reportNotFound(), outcome: "denied" as const, reason: "outside_scope" };
        if (stored.state === "signed") return { failure: signedLock(), outcome: "failure" as const, reason: "report_signed" };
        if (expected !== undefined && stored.version !== expected) return { failure: staleVersionFailure(expected), outcome: "failure" as const, reason: "stale_version" };
        const fields = { assessment: stored.assessment, plan: stored.plan, goal_changes: stored.goalChanges, credentials: stored.credentials, npi: stored.npi };
        const goalIds = await goalIdsOfPeriod(tx, stored.patientId, stored.periodEnd);
        const checked = checkSignable(stored.drafted, fields, { goalIds, signerName: name, npiRequired });
        if (!checked.ok) return { failure: fromDomainFailure(400, checked, `incomplete_${checked.field ?? "report"}`), outcome: "failure" as const, reason: `incomplete_${checked.field ?? "report"}` };
        const signedAt = clock.now();
        const text = canonicalReportText(lockedReport(stored.patientId, stored.drafted, fields, checked.value, signedAt.toISOString()));
        const hash = sha256(text);
        await tx
          .update(progressReports)
          .set({
            state: "signed",
            signedByUserId: principal.userId,
            signerName: checked.value.name,
            signerCredentials: checked.value.credentials,
            signerNpi: checked.value.npi,
            signedAt,
            lockedContent: text,
            contentSha256: hash,
            updatedAt: signedAt,
            version: nextVersion(progressReports.version),
          })
          .where(and(eq(progressReports.id, scope.reportId), whileAtVersion(progressReports.version, expected)));
        await audit("success", "signed", resourceId, tx, { state: { from: "draft", to: "signed" }, content_sha256: { from: null, to: hash } });
        return undefined;
      });
      if (outcome !== undefined) return refuse(outcome.failure, outcome.outcome, outcome.reason, resourceId);
      const report = await readReport(db, scope.reportId);
      if (report === undefined) return replyWithFailure(reply, reportNotFound());
      return sendVersionTag(reply, report.version).send(report);
    },
  );

  routeEndpoint(
    app,
    deps,
    reportAddendumEndpoint,
    {
      access: { resource: "goals", action: "update" },
      doc: {
        summary: "Adds a signed addendum to a signed report (its text, the caller as signer with credentials, the instant and a SHA-256 bound to the report's); a report is never edited once signed",
        scope: "assigned-patients",
        errors: { 400: ["ERROR_003", "ERROR_050", "ERROR_056"], ...ERRORS },
        status: 201,
      },
      audit: { action: "create", resource: "progress_report_addendum" },
      scope: (principal, { params }) => reportScope(db, principal, params.id),
    },
    async ({ principal, input: { body }, scope, audit, refuse }, _request, reply) => {
      const resourceId = String(scope.reportId);
      if (body.text.trim() === "") return refuse(apiFailure(400, "ERROR_003", "empty addendum", { field: "text", placeholders: { field_name: "addendum" } }), "failure", "invalid_text", resourceId);
      const name = await signerName(db, principal.userId);
      const outcome = await db.transaction(async (tx) => {
        const [stored] = await tx.select().from(progressReports).where(eq(progressReports.id, scope.reportId)).for("update");
        if (stored === undefined) return { failure: reportNotFound(), outcome: "denied" as const, reason: "outside_scope" };
        if (stored.state !== "signed" || stored.contentSha256 === null) return { failure: apiFailure(400, "ERROR_050", "an addendum follows a signed report", { placeholders: { status: "draft" } }), outcome: "failure" as const, reason: "report_draft" };
        const credentials = (body.credentials ?? stored.signerCredentials ?? "").trim();
        if (credentials === "") return { failure: apiFailure(400, "ERROR_003", "no credentials", { field: "credentials", placeholders: { field_name: "credentials" } }), outcome: "failure" as const, reason: "invalid_credentials" };
        if (name === "") return { failure: apiFailure(400, "ERROR_003", "no signer name", { field: "signer_name", placeholders: { field_name: "signer's name" } }), outcome: "failure" as const, reason: "invalid_signer_name" };
        const signedAt = clock.now();
        const signer = { name, credentials, npi: stored.signerNpi };
        const hash = sha256(canonicalAddendumText(stored.contentSha256, body.text, signer, signedAt.toISOString()));
        const [row] = await tx
          .insert(progressReportAddenda)
          .values({ reportId: scope.reportId, text: body.text.trim(), signedByUserId: principal.userId, signerName: name, signerCredentials: credentials, signerNpi: stored.signerNpi, signedAt, contentSha256: hash })
          .returning({ id: progressReportAddenda.id });
        await audit("success", null, String(row?.id ?? resourceId), tx, { content_sha256: { from: null, to: hash } });
        return undefined;
      });
      if (outcome !== undefined) return refuse(outcome.failure, outcome.outcome, outcome.reason, resourceId);
      const report = await readReport(db, scope.reportId);
      if (report === undefined) return replyWithFailure(reply, reportNotFound());
      return reply.code(201).send(report);
    },
  );
};
