import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { DEFAULT_REPORT_SETTINGS, type ReportSettingsWire, checkDueEvery, reportSettingsEndpoint, reportSettingsSaveEndpoint } from "../../../domain/progress-reports/index.ts";
import { InstitutionId } from "../../../domain/shared/ids.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import type { AuditChanges } from "../../db/schema/audit.ts";
import { progressReportSettings } from "../../db/schema/progress-reports.ts";
import { fromDomainFailure } from "../../http/api-failure.ts";
import { routeEndpoint } from "../../http/endpoint-route.ts";
import { institutionAdminScope } from "../../http/institution-scope.ts";

type Deps = { readonly db: Database; readonly clock: Clock };

const ERRORS = { 403: ["ERROR_001"] } as const;

/** The institution's rule as stored, or the default (every 30 calendar days, no NPI) with no `updated_at`. */
const storedSettings = async (db: Database, institutionId: number): Promise<ReportSettingsWire> => {
  const [row] = await db.select().from(progressReportSettings).where(eq(progressReportSettings.institutionId, institutionId)).limit(1);
  const institution = InstitutionId.make(institutionId);
  return row === undefined
    ? { institution, ...DEFAULT_REPORT_SETTINGS, updated_at: null }
    : { institution, due_kind: row.dueKind, due_every: row.dueEvery, npi_required: row.npiRequired, updated_at: row.updatedAt.toISOString() };
};

/**
 * An institution's progress-report rule (issue 37, docs/progress-reports.md, "Settings"), read and
 * set by that institution's administrators only: every N calendar or treatment days (N from 1 to
 * 365, ERROR_056 on `due_every` otherwise) and whether an NPI is required at signing. The settings
 * carry no version: the last write wins, and the audit row keeps what it replaced.
 */
export const registerReportSettingsRoutes = (app: FastifyInstance, deps: Deps): void => {
  const { db, clock } = deps;

  routeEndpoint(
    app,
    deps,
    reportSettingsEndpoint,
    {
      access: { resource: "institution", action: "update" },
      doc: { summary: "The institution's progress-report rule: every N calendar or treatment days, and whether the signer's NPI is required (the default when never set)", scope: "institution-admin", errors: ERRORS },
      audit: { action: "read", resource: "progress_report_settings" },
      scope: (principal, { params }) => institutionAdminScope(principal, params.id),
    },
    async ({ scope, audit }) => {
      const settings = await storedSettings(db, scope.institutionId);
      await audit("success", null, String(scope.institutionId));
      return settings;
    },
  );

  routeEndpoint(
    app,
    deps,
    reportSettingsSaveEndpoint,
    {
      access: { resource: "institution", action: "update" },
      doc: { summary: "Sets the institution's progress-report rule (the whole rule; the last write wins)", scope: "institution-admin", errors: { 400: ["ERROR_056"], ...ERRORS } },
      audit: { action: "update", resource: "progress_report_settings" },
      scope: (principal, { params }) => institutionAdminScope(principal, params.id),
    },
    async ({ input: { body }, scope, audit, refuse }) => {
      const resourceId = String(scope.institutionId);
      const every = checkDueEvery(body.due_every);
      if (!every.ok) return refuse(fromDomainFailure(400, every, "invalid_due_every"), "failure", "invalid_due_every", resourceId);
      const values = { dueKind: body.due_kind, dueEvery: every.value, npiRequired: body.npi_required, updatedAt: clock.now() };
      await db.transaction(async (tx) => {
        const before = await storedSettings(tx, scope.institutionId);
        await tx.insert(progressReportSettings).values({ institutionId: scope.institutionId, ...values }).onConflictDoUpdate({ target: progressReportSettings.institutionId, set: values });
        const after = { due_kind: body.due_kind, due_every: every.value, npi_required: body.npi_required };
        const changes: AuditChanges = Object.fromEntries(
          (Object.keys(after) as (keyof typeof after)[]).filter((key) => before[key] !== after[key]).map((key) => [key, { from: before[key], to: after[key] }]),
        );
        await audit("success", null, resourceId, tx, changes);
      });
      return storedSettings(db, scope.institutionId);
    },
  );
};
