import type { AnyStateMachine, AnyStateNode } from "xstate";
import { allStateNodes, childStatesOf, transitionsOf, type MachineTransition } from "./machine-walk.ts";

const INDENT = "  ";
// Transitions declared on the machine itself apply in every state; they are drawn from this pseudo-state.
const ANY_STATE = "anyState";

/** A state's Mermaid id: its path joined with underscores (dots would read as syntax). */
const mermaidId = (node: AnyStateNode): string => (node.path.length === 0 ? ANY_STATE : node.path.join("_"));

const actorEvent = /^xstate\.(done|error)\.actor\.(.+)$/;
const stateDone = /^xstate\.done\.state\.(.+)$/;
const delayed = /^xstate\.after\.([^.]+)\./;

/** How an event reads on an arrow: invoke results as "<actor> done" / "<actor> failed", eventless ones as "always". */
export const eventLabel = (eventType: string): string => {
  if (eventType === "") return "always";
  const actor = actorEvent.exec(eventType);
  if (actor !== null) return `${actor[2]} ${actor[1] === "done" ? "done" : "failed"}`;
  const done = stateDone.exec(eventType);
  if (done !== null) return `${(done[1] ?? "").split(".").at(-1) ?? ""} done`;
  const after = delayed.exec(eventType);
  if (after !== null) return `after ${after[1]}`;
  return eventType;
};

// An unguarded branch after guarded ones for the same event is the fallback: it reads "[else]".
const guardLabels = (transitions: readonly MachineTransition[]): Array<string | null> =>
  transitions.map((transition, index) => {
    if (transition.guard !== null) return transition.guard;
    const earlier = transitions.slice(0, index);
    return earlier.some((t) => t.eventType === transition.eventType && t.guard !== null) ? "else" : null;
  });

const arrowsOfNode = (node: AnyStateNode): string[] => {
  const transitions = transitionsOf(node);
  const guards = guardLabels(transitions);
  return transitions.flatMap((transition, index) => {
    const guard = guards[index] ?? null;
    const label = guard === null ? eventLabel(transition.eventType) : `${eventLabel(transition.eventType)} [${guard}]`;
    const targets = transition.targets.length === 0 ? [transition.source] : transition.targets;
    return targets.map((target) => `${mermaidId(transition.source)} --> ${mermaidId(target)}: ${label}`);
  });
};

const invokeNotes = (node: AnyStateNode): string[] =>
  node.invoke.map((invocation) => `${mermaidId(node)}: invokes ${invocation.id}`).sort();

const declarationOf = (node: AnyStateNode, depth: number): string[] => {
  const pad = INDENT.repeat(depth);
  const id = mermaidId(node);
  const notes = invokeNotes(node).map((line) => pad + line);
  const head = node.path.length > 1 ? `state "${node.key}" as ${id}` : id;
  if (node.type !== "compound" && node.type !== "parallel") return [pad + head, ...notes];
  const inner = blockOf(node, depth + 1);
  return [`${pad}state ${id} {`, ...inner, `${pad}}`, ...notes];
};

// A compound node's block: its initial arrow, its children, and arrows into its final children.
const blockOf = (node: AnyStateNode, depth: number): string[] => {
  const pad = INDENT.repeat(depth);
  const children = childStatesOf(node);
  const initial = node.type === "compound" ? node.initial.target.map((t) => `${pad}[*] --> ${mermaidId(t)}`) : [];
  const finals = children.filter((child) => child.type === "final").map((child) => `${pad}${mermaidId(child)} --> [*]`);
  return [...initial, ...children.flatMap((child) => declarationOf(child, depth)), ...finals];
};

/**
 * A machine as a Mermaid `stateDiagram-v2`: nested states as `state X { }`, initial and final
 * markers, every transition labelled with its event and guard. Sorted, so the text only changes
 * when the machine does. All states are declared before any arrow, so Mermaid never guesses a
 * state's parent from the first arrow that mentions it.
 */
export const toMermaid = (machine: AnyStateMachine): string => {
  const root = machine.root;
  const nodes = [root, ...allStateNodes(root)];
  const arrows = [...new Set(nodes.flatMap(arrowsOfNode))].sort();
  const rootArrows = arrows.some((arrow) => arrow.startsWith(`${ANY_STATE} `));
  const pseudo = rootArrows ? [`${INDENT}state "any state" as ${ANY_STATE}`] : [];
  return ["stateDiagram-v2", ...pseudo, ...blockOf(root, 1), ...arrows.map((arrow) => INDENT + arrow)].join("\n") + "\n";
};
