import type * as Schema from "effect/Schema";
import type { FastifyReply } from "fastify";
import type { Resource } from "../../domain/shared/permission-vocabulary.ts";
import type { Result } from "../../domain/shared/result.ts";
import type { Deleted, StatusAction } from "../../domain/shared/statuses/status-actions.ts";
import type { Endpoint } from "../../domain/shared/wire/endpoint.ts";
import type { Database } from "../db/database.ts";
import type { ApiFailure } from "../http/api-failure.ts";
import type { AuditRows, ScopeDecision } from "../http/open-route.ts";
import type { Principal } from "../http/principal.ts";
import type { RouteErrors, TenantScope } from "../http/route-doc.ts";

// What differs between the kinds of person whose status status-routes.ts changes (patients,
// administrators, SLPs): their table and scope, their status table, their own rules and writes.

/** A status action's body: nothing, or the version the action started from (and, for an SLP leaving, who takes over). */
export type VersionBody = { readonly version?: number | null | undefined } | null | undefined;

/** An endpoint of a status action: one person by id, and a body the kind reads. */
export type StatusEndpoint<Body> = Endpoint & {
  readonly params: Schema.Codec<{ readonly id: number }, unknown, never, never>;
  readonly body: Schema.Codec<Body, unknown, never, never>;
};

/** One status route of a kind, in the order the kind registers them. */
export type StatusRoute<Body> = {
  readonly action: StatusAction;
  readonly endpoint: StatusEndpoint<Body>;
  readonly summary: string;
  /** The catalogue codes beside the stale version's 412, which every status route declares. */
  readonly errors: RouteErrors;
};

/** A refused change: the catalogue answer, and the audit row's reason. */
export type StatusRefusal = { readonly failure: ApiFailure; readonly reason: string };

/** A change the kind's rules let through: the reason its audit row gives, and the writes that go with it (an SLP's caseload moving). */
export type StatusGo = { readonly auditReason: string | null; readonly alongside?: () => Promise<void> };

/** A status change inside its transaction, as the kind's rules and write see it. */
export type StatusStep<Scope, Locked, Status extends string, Body> = {
  readonly tx: Database;
  readonly scope: Scope;
  readonly locked: Locked;
  readonly action: StatusAction;
  /** Where the status table leads. */
  readonly next: Status | Deleted;
  readonly body: Body;
  /** The version the action started from; undefined: it named none and does not check. */
  readonly expected: number | undefined;
  readonly now: Date;
  /** Audit rows for other records the change reaches, in its transaction. */
  readonly auditEach: (rows: AuditRows, resourceIds: readonly string[], within?: Database) => Promise<void>;
};

/** A kind of person with a sign-in account (administrators, SLPs), which the flow treats alike. */
export type AccountOfKind<Scope> = {
  /** Whose account the record is: nobody changes their own status (403 ERROR_001). */
  readonly userOf: (scope: Scope) => number;
  /** The status a first activation without a password names (an administrator's archived reads as inactive); default: as stored. */
  readonly shownStatus?: (status: string) => string;
  /** Withdraws the person's invitation links when they leave (the invitations feature's store). */
  readonly withdrawLinks: (tx: Database, userId: number, now: Date) => Promise<unknown>;
};

/** What one kind of person brings to the shared status flow (status-routes.ts). */
export type StatusKind<Scope, Locked extends { readonly status: string }, Status extends string, Body> = {
  /** The permission and audit resource of its routes. */
  readonly resource: Resource;
  /** How a refusal's log line names one ("SLP"). */
  readonly noun: string;
  readonly docScope: TenantScope;
  /** The caller's slice holding the person named in the path, else a refusal. */
  readonly scopeOf: (principal: Principal, id: number) => Promise<ScopeDecision<Scope>>;
  /** The record's id, as the audit rows name it. */
  readonly recordId: (scope: Scope) => number;
  /** Reads the record under a row lock (with whatever else the rules must hold still); undefined: gone from the slice. */
  readonly lock: (tx: Database, scope: Scope, action: StatusAction, body: Body) => Promise<Locked | undefined>;
  readonly notFound: () => ApiFailure;
  /** The domain's status table: where an action leads from a status, or ERROR_050. */
  readonly transition: (status: Locked["status"], action: StatusAction) => Result<Status | Deleted>;
  /** Where the version is compared as soon as the record is locked, before any rule (SLPs): the version it holds. Otherwise the write decides. */
  readonly versionFirst?: (locked: Locked) => number;
  readonly account?: AccountOfKind<Scope>;
  /** The kind's own rules after the status table (the last administrator, an SLP's caseload handover). */
  readonly rules?: (step: StatusStep<Scope, Locked, Status, Body>) => Promise<StatusRefusal | StatusGo>;
  /** Writes the new status (or the archive); false when a versioned write found the record moved on. */
  readonly write: (step: StatusStep<Scope, Locked, Status, Body>) => Promise<boolean>;
  /** Answers the record as it now stands, after activate or inactivate. */
  readonly answer: (reply: FastifyReply, scope: Scope) => Promise<FastifyReply>;
};
