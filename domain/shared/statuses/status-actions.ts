import { catalogueMessage } from "../error-catalogue.ts";
import { fail, succeed, type Result } from "../result.ts";

/** What an administrator may do to an account's status: the same three verbs for administrators, staff and patients. */
export const STATUS_ACTION = {
  activate: "activate",
  deactivate: "deactivate",
  delete: "delete",
} as const;
export type StatusAction = (typeof STATUS_ACTION)[keyof typeof STATUS_ACTION];
export const STATUS_ACTIONS: readonly StatusAction[] = Object.values(STATUS_ACTION);

/** Deleting leaves no status behind: the record is gone. */
export const DELETED = "deleted" as const;
export type Deleted = typeof DELETED;

/** For each status, the actions allowed from it and where each one leads. */
export type TransitionTable<S extends string> = Readonly<Record<S, Readonly<Partial<Record<StatusAction, S | Deleted>>>>>;

/** The rules of one kind of account: its transition table, how to recognise its statuses, how to name one to a person. */
export type StatusRules<S extends string> = {
  readonly table: TransitionTable<S>;
  readonly isStatus: (value: string) => value is S;
  readonly label: (status: S) => string;
};

/** An action is offered only where the table leads somewhere; an unknown status offers nothing. */
export const actionsAllowedBy = <S extends string>(rules: StatusRules<S>, status: string): readonly StatusAction[] => {
  if (!rules.isStatus(status)) return [];
  const row = rules.table[status];
  return STATUS_ACTIONS.filter((action) => row[action] !== undefined);
};

/** The status an action leads to, or ERROR_050 naming the current status when the action is not allowed from it. */
export const transitionBy = <S extends string>(
  rules: StatusRules<S>,
  status: string,
  action: StatusAction,
): Result<S | Deleted> => {
  const next = rules.isStatus(status) ? rules.table[status][action] : undefined;
  if (next !== undefined) return succeed(next);
  const shown = rules.isStatus(status) ? rules.label(status) : status;
  return fail("ERROR_050", catalogueMessage("ERROR_050", { status: shown }), { field: "status", placeholders: { status: shown } });
};
