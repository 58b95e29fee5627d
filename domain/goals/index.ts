// The goals feature's public face (docs/goals.md).
export * from "./goal-criterion.ts";
export * from "./goal-form.ts";
export * from "./goal-label.ts";
export * from "./goal-progress.ts";
export * from "./goal-summary.ts";
export * from "./goals-endpoints.ts";
export * from "./goals-wire.ts";
export * from "./goal-draft.ts";
export * from "./goal-abilities.ts";
