import type { AnyStateMachine } from "xstate";

/** A generated page of docs/machines/: which machine, where, and what it is for. */
export type MachineDoc = {
  readonly path: string;
  readonly title: string;
  readonly summary: string;
  /** Contracts the diagram cannot show: what the app, the adapters and the server rely on. */
  readonly notes: readonly string[];
  readonly source: string;
  readonly machine: AnyStateMachine;
};
