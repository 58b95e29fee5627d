import type { AnyStateNode, AnyTransitionDefinition } from "xstate";

/** One transition of a machine as drawn and as covered by tests: where from, on what, where to, under which guard. */
export type MachineTransition = {
  readonly source: AnyStateNode;
  readonly eventType: string;
  readonly targets: readonly AnyStateNode[];
  readonly guard: string | null;
};

const byKey = (a: AnyStateNode, b: AnyStateNode): number => a.key.localeCompare(b.key);

/** The direct children of a state node, sorted by name so every rendering is the same. */
export const childStatesOf = (node: AnyStateNode): AnyStateNode[] => Object.values(node.states).sort(byKey);

/** Every state node below `root`, depth first, children sorted by name. */
export const allStateNodes = (root: AnyStateNode): AnyStateNode[] =>
  childStatesOf(root).flatMap((child) => [child, ...allStateNodes(child)]);

/** The name a guard is referred to by: its `type`, or a function's name for an inline guard. */
export const guardName = (guard: unknown): string | null => {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === "string") return guard;
  if (typeof guard === "function") return guard.name.length > 0 ? guard.name : "inline guard";
  if (typeof guard === "object" && "type" in guard && typeof guard.type === "string") return guard.type;
  return "guard";
};

const describe = (definition: AnyTransitionDefinition): MachineTransition => ({
  source: definition.source,
  eventType: definition.eventType,
  targets: definition.target ?? [],
  guard: guardName(definition.guard),
});

/** The transitions a state node owns: its events (invoke onDone/onError included) and its eventless `always` ones. */
export const transitionsOf = (node: AnyStateNode): MachineTransition[] =>
  [...[...node.transitions.values()].flat(), ...(node.always ?? [])].map(describe);

/** A stable name for a transition, the same whether read from the machine or from an inspection event. */
export const transitionKey = (definition: AnyTransitionDefinition): string => keyOf(describe(definition));

/** A stable name for a walked transition. */
export const keyOf = (transition: MachineTransition): string => {
  const targets = transition.targets.length === 0 ? "(stays)" : transition.targets.map((t) => t.id).join(",");
  const guard = transition.guard === null ? "" : ` [${transition.guard}]`;
  return `${transition.source.id} --${transition.eventType || "always"}${guard}--> ${targets}`;
};
