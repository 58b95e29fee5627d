import { describe, expect, it } from "vitest";
import { GENESIS_HASH, linkHash } from "./audit-canonical.ts";
import { type ChainLink, chainWalk } from "./audit-chain-walk.ts";

/** A chain of `contents` as the sealer links it, the n-th content at position n + 1 with the given event ids. */
const sealedChain = (chain: number, events: readonly number[]): ChainLink[] => {
  let previous = GENESIS_HASH;
  return events.map((eventId, index) => {
    const content = `[${eventId}]`;
    previous = linkHash(previous, content);
    return { chain, position: index + 1, eventId, hash: previous, content };
  });
};

const walked = (links: readonly ChainLink[]) => {
  const seen: number[] = [];
  const walk = chainWalk((link) => seen.push(link.eventId));
  for (const link of [...links].sort((a, b) => a.eventId - b.eventId)) walk.add(link);
  return { ...walk.finish(), seen };
};

describe("the chain walk in event order", () => {
  it("holds a row sealed late (a lower id at a higher position) until its turn", () => {
    // Event 3's transaction committed after 4 and 5 were sealed: it sits at position 5.
    const result = walked([...sealedChain(1, [1, 2, 4, 5, 3]), ...sealedChain(2, [6, 7])]);
    expect(result.breaks).toEqual([]);
    expect(result.seen).toEqual([1, 2, 4, 5, 3, 6, 7]);
    expect(result.lastPosition).toEqual(new Map([[1, 5], [2, 2]]));
  });

  it("names a position no link fills, once the walk is over", () => {
    const links = sealedChain(1, [1, 2, 3, 4]).filter((link) => link.position !== 2);
    expect(walked(links).breaks).toEqual([expect.objectContaining({ kind: "missing_position", chain: 1, position: 2, previousEventId: 1 })]);
  });

  it("names an edited row and a deleted event, and walks the other chains on", () => {
    const one = sealedChain(1, [1, 2, 3]).map((link) => (link.eventId === 2 ? { ...link, content: "[2, edited]" } : link));
    const two = sealedChain(2, [4, 5, 6]).map((link) => (link.eventId === 5 ? { ...link, content: undefined } : link));
    expect(walked([...one, ...two]).breaks).toEqual([
      expect.objectContaining({ kind: "hash_mismatch", chain: 1, position: 2, eventId: 2 }),
      expect.objectContaining({ kind: "missing_event", chain: 2, position: 2, eventId: 5 }),
    ]);
  });
});
