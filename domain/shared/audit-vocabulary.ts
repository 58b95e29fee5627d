/**
 * The kinds of activity the audit trail records (issue 38, "What is recorded"), the words a
 * privacy officer filters by. A row keeps its precise action (`list`, `auth.mfa`, ...); its kind
 * follows from that action, its resource and its outcome (auditKindOf).
 */
export const AUDIT_KIND = {
  read: "read",
  create: "create",
  update: "update",
  delete: "delete",
  export: "export",
  print: "print",
  signIn: "sign_in",
  failedSignIn: "failed_sign_in",
  factorChange: "factor_change",
  privilegeChange: "privilege_change",
  refusal: "refusal",
} as const;
export type AuditKind = (typeof AUDIT_KIND)[keyof typeof AUDIT_KIND];
export const AUDIT_KINDS: readonly AuditKind[] = Object.values(AUDIT_KIND);

const K = AUDIT_KIND;

/** The record actions (the routes' and the permission table's) and the kind of each. */
const RECORD_ACTIONS: Readonly<Record<string, AuditKind>> = {
  read: K.read,
  retrieve: K.read,
  list: K.read,
  list_level: K.read,
  list_configurations: K.read,
  dashboard: K.read,
  call: K.read,
  create: K.create,
  duplicate: K.create,
  update: K.update,
  partial_update: K.update,
  assign: K.update,
  assign_game: K.update,
  assign_games: K.update,
  reassign: K.update,
  activate: K.update,
  deactivate: K.update,
  inactivate: K.update,
  pause: K.update,
  resume: K.update,
  lock: K.update,
  clear_content: K.update,
  resend_invitation: K.update,
  revoke_invitation: K.update,
  archive: K.delete,
  delete: K.delete,
  export: K.export,
  print: K.print,
};

/** Sign-in and session events (server/auth/auth-audit.ts) whose refusal is a failed sign-in. */
const SIGN_IN_ACTIONS = new Set(["auth.password", "auth.mfa", "auth.code_sent", "auth.refresh", "auth.refresh_reuse", "auth.session_timeout", "auth.sign_out", "auth.sessions_revoked", "auth.invitation_lookup", "mobile.device_auth"]);
/** Events that change how someone proves who they are: passwords and second factors. */
const FACTOR_ACTIONS = new Set([
  "auth.mfa_enrolment",
  "auth.mfa_confirmed",
  "auth.mfa_step_up",
  "auth.mfa_default_changed",
  "auth.mfa_removed",
  "auth.password_change",
  "auth.password_reset_request",
  "auth.password_reset_check",
  "auth.password_reset",
  "auth.invitation_accept",
]);
/** The people records whose creation, (in)activation or removal grants or withdraws access. */
const PRIVILEGED_RESOURCES = new Set(["administrator", "staff", "institution_admin", "staff_admin"]);
const PRIVILEGE_ACTIONS = new Set(["create", "activate", "inactivate", "deactivate", "delete", "archive", "revoke_invitation"]);

/**
 * The kind of an audit row, from its action, resource and outcome: a refused call is a refusal
 * (a refused sign-in a failed sign-in), access granted or withdrawn is a privilege change.
 * Undefined for an action the vocabulary does not know: a conformance test fails on it.
 */
export const auditKindOf = (action: string, resource: string, outcome: string): AuditKind | undefined => {
  if (action === "auth.lockout") return K.failedSignIn;
  if (SIGN_IN_ACTIONS.has(action)) return outcome === "success" ? K.signIn : K.failedSignIn;
  if (FACTOR_ACTIONS.has(action)) return outcome === "denied" ? K.refusal : K.factorChange;
  const kind = RECORD_ACTIONS[action];
  if (kind === undefined) return undefined;
  if (outcome === "denied") return K.refusal;
  return PRIVILEGED_RESOURCES.has(resource) && PRIVILEGE_ACTIONS.has(action) ? K.privilegeChange : kind;
};
