import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths } from "@xstate/graph";
import { createActor, fromPromise, pathToStateValue, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from "xstate";
import { allStateNodes, keyOf, transitionKey, transitionsOf } from "./machine-walk.ts";

/** How to explore a machine: sample events (payloads included) and which snapshot details make a state distinct. */
export type Exploration = {
  readonly events: readonly EventObject[];
  readonly serializeState: (snapshot: AnyMachineSnapshot) => string;
  /** Stand-ins for named side-effect actions that the replay must not really run. */
  readonly inertActions?: readonly string[];
  /** The input the machine starts with, for machines that take one. */
  readonly input?: unknown;
};

/** What exploring a machine reached: every state node and every transition, with the ones never reached. */
export type Coverage = {
  readonly stateIds: readonly string[];
  readonly unreachedStateIds: readonly string[];
  readonly transitionKeys: readonly string[];
  readonly untakenTransitionKeys: readonly string[];
};

/**
 * Explores `machine` breadth-first with @xstate/graph, then replays the shortest path to every
 * explored snapshot plus each event it accepts on a live actor, recording through inspection
 * which transition definitions fire (eventless ones included). Invoked actors are replaced by
 * ones that never settle: the replay drives their results by sending the xstate.done/error.actor
 * events itself.
 */
export const exploreCoverage = (logic: AnyStateMachine, exploration: Exploration): Coverage => {
  const never = fromPromise(() => new Promise<never>(() => {}));
  const machine = logic.provide({
    actors: Object.fromEntries(Object.keys(logic.implementations.actors).map((name) => [name, never])),
    actions: Object.fromEntries((exploration.inertActions ?? []).map((name) => [name, () => {}])),
  });
  const options = { events: exploration.events, serializeState: exploration.serializeState, input: exploration.input };
  const adjacency = getAdjacencyMap(logic, options);
  const pathTo = new Map(
    getShortestPaths(logic, options).map((path) => [
      exploration.serializeState(path.state),
      path.steps.map((step) => step.event).filter((event) => event.type !== "xstate.init"),
    ]),
  );

  const reached = new Set<string>();
  const taken = new Set<string>();
  const replay = (events: readonly EventObject[]) => {
    const actor = createActor(machine, {
      input: exploration.input,
      inspect: (inspection) => {
        if (inspection.type === "@xstate.microstep" && inspection.actorRef === actor) {
          for (const definition of inspection._transitions) taken.add(transitionKey(definition));
        }
      },
    });
    actor.start();
    for (const event of events) actor.send(event);
    const snapshot = actor.getSnapshot();
    for (const node of allStateNodes(machine.root)) {
      if (snapshot.matches(pathToStateValue(node.path))) reached.add(node.id);
    }
    actor.stop();
  };

  // Every explored snapshot, and every event it accepts, replayed once from the initial state.
  // The transitions an event selects are also read directly: a targetless transition without
  // actions changes nothing, so inspection never reports it, yet it still decides the outcome.
  const runs = new Map<string, readonly EventObject[]>();
  for (const edge of adjacencyMapToArray(adjacency)) {
    for (const definition of logic.getTransitionData(edge.state, edge.event)) taken.add(transitionKey(definition));
    const path = pathTo.get(exploration.serializeState(edge.state)) ?? [];
    const events = edge.state.can(edge.event) ? [...path, edge.event] : path;
    runs.set(JSON.stringify(events), events);
  }
  for (const events of runs.values()) replay(events);

  const stateIds = allStateNodes(machine.root).map((node) => node.id);
  const transitionKeys = [machine.root, ...allStateNodes(machine.root)].flatMap(transitionsOf).map(keyOf);
  return {
    stateIds,
    unreachedStateIds: stateIds.filter((id) => !reached.has(id)),
    transitionKeys,
    untakenTransitionKeys: transitionKeys.filter((key) => !taken.has(key)),
  };
};
