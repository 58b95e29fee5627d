import { GENESIS_HASH, linkHash } from "./audit-canonical.ts";

/** One link of a chain as the walk reads it, with its event's canonical content (undefined: the event is gone). */
export type ChainLink = { readonly chain: number; readonly position: number; readonly eventId: number; readonly hash: string; readonly content: string | undefined };

/** A break the walk found in a chain: the first of that chain (its walk stops there). */
export type ChainBreak = {
  readonly kind: "hash_mismatch" | "missing_event" | "missing_position";
  readonly chain: number;
  readonly position: number;
  readonly eventId: number | null;
  readonly previousEventId: number | null;
  readonly detail: string;
};

type ChainState = {
  expected: number;
  previous: string;
  previousEvent: number | null;
  broken: boolean;
  last: number;
  /** Links read before their turn: a row sealed late sits at a higher position than rows with higher ids. */
  readonly waiting: Map<number, ChainLink>;
};

/** Where a break is: built only for a break (the walk checks a million links in seconds). */
const breakAt = (state: ChainState, link: ChainLink) => ({ chain: link.chain, position: link.position, eventId: link.eventId, previousEventId: state.previousEvent });

// A chain that lost a position would keep every later link waiting: past this many it is a break.
const MAX_WAITING = 100_000;

/**
 * Checks links handed over in event-id order, chain by chain (each its own state): the links of
 * all chains come from one sequential pass over both tables, instead of one pass per chain.
 * `onLink` sees each link that holds, with its chain position, for the checkpoints' checks.
 */
export const chainWalk = (onLink: (link: ChainLink) => void) => {
  const chains = new Map<number, ChainState>();
  const breaks: ChainBreak[] = [];
  const stop = (state: ChainState, found: ChainBreak): void => {
    breaks.push(found);
    state.broken = true;
    state.waiting.clear();
  };
  const check = (state: ChainState, link: ChainLink): void => {
    if (link.content === undefined) return stop(state, { kind: "missing_event", ...breakAt(state, link), detail: `event ${link.eventId} is gone from audit_events (deleted)` });
    if (linkHash(state.previous, link.content) !== link.hash) {
      const follows = state.previousEvent === null ? "as the chain's first row" : `after event ${state.previousEvent}`;
      return stop(state, { kind: "hash_mismatch", ...breakAt(state, link), detail: `event ${link.eventId} ${follows} is not what was sealed (edited, reordered, or a row inserted before it)` });
    }
    onLink(link);
    state.previous = link.hash;
    state.previousEvent = link.eventId;
    state.expected = link.position + 1;
  };
  const missing = (state: ChainState, chain: number): void =>
    stop(state, { kind: "missing_position", chain, position: state.expected, eventId: null, previousEventId: state.previousEvent, detail: `position ${state.expected} is missing (after event ${state.previousEvent ?? "none"})` });

  return {
    add: (link: ChainLink): void => {
      let state = chains.get(link.chain);
      if (state === undefined) {
        state = { expected: 1, previous: GENESIS_HASH, previousEvent: null, broken: false, last: 0, waiting: new Map() };
        chains.set(link.chain, state);
      }
      state.last = Math.max(state.last, link.position);
      if (state.broken) return;
      if (link.position !== state.expected) {
        state.waiting.set(link.position, link);
        if (state.waiting.size > MAX_WAITING) missing(state, link.chain);
        return;
      }
      check(state, link);
      for (let next = state.waiting.get(state.expected); next !== undefined && !state.broken; next = state.waiting.get(state.expected)) {
        state.waiting.delete(next.position);
        check(state, next);
      }
    },
    /** The breaks, by chain; a chain still waiting for a position at the end lost it. */
    finish: (): { readonly breaks: readonly ChainBreak[]; readonly lastPosition: ReadonlyMap<number, number> } => {
      for (const [chain, state] of chains) if (!state.broken && state.waiting.size > 0) missing(state, chain);
      return { breaks: [...breaks].sort((a, b) => a.chain - b.chain || a.position - b.position), lastPosition: new Map([...chains].map(([chain, state]) => [chain, state.last])) };
    },
  };
};
