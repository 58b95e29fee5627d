import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { advancedCursor, firstUnreadSeq, type ReadCursor, seenBy, unreadCount } from "./read-state.ts";

const seq = fc.nat({ max: 10_000 });

describe("read state: one cursor per participant", () => {
  test.prop([seq, seq])("unread is what lies above the cursor, never negative", (newest, cursor) => {
    const unread = unreadCount(newest, cursor);
    expect(unread).toBeGreaterThanOrEqual(0);
    expect(unread).toBe(cursor >= newest ? 0 : newest - cursor);
  });

  test.prop([seq, fc.array(seq, { maxLength: 20 }), seq])("a cursor only moves forward and never past the newest message, in whatever order reads arrive", (start, reads, newest) => {
    const from = Math.min(start, newest);
    let cursor = from;
    for (const read of reads) {
      const next = advancedCursor(cursor, read, newest);
      expect(next).toBeGreaterThanOrEqual(cursor);
      expect(next).toBeLessThanOrEqual(Math.max(newest, from));
      cursor = next;
    }
    expect(cursor).toBe(Math.max(from, ...reads.map((read) => Math.min(read, newest))));
  });

  test.prop([seq, seq])("the first unread follows the cursor, and there is none when up to date", (newest, cursor) => {
    const first = firstUnreadSeq(newest, cursor);
    if (cursor >= newest) expect(first).toBeNull();
    else expect(first).toBe(cursor + 1);
  });

  it("says who has seen a message, in the order they reached it, never its author", () => {
    const cursors: ReadCursor[] = [
      { participant: "u1", name: "Ana", lastReadSeq: 9, readAt: "2026-11-29T10:05:00Z" },
      { participant: "u2", name: "Ben", lastReadSeq: 4, readAt: "2026-11-29T10:01:00Z" },
      { participant: "u3", name: "Cleo", lastReadSeq: 7, readAt: "2026-11-29T10:02:00Z" },
      { participant: "p1", name: "Dana", lastReadSeq: 0, readAt: null },
    ];
    expect(seenBy(cursors, 5, "u1").map((cursor) => cursor.name)).toEqual(["Cleo"]);
    expect(seenBy(cursors, 4, "u9").map((cursor) => cursor.name)).toEqual(["Ben", "Cleo", "Ana"]);
    expect(seenBy(cursors, 10, "u9")).toEqual([]);
  });
});
