/**
 * Read state is one cursor per participant (issue 34): the highest message sequence they have
 * seen in the thread. Unread is what lies above it; "Seen by" is who has reached a message.
 */
export type ReadCursor = {
  readonly participant: string;
  readonly name: string;
  /** The highest sequence they have read; 0 before their first read. */
  readonly lastReadSeq: number;
  /** When they reached it (ISO 8601), or null before their first read. */
  readonly readAt: string | null;
};

/** How many messages wait above a cursor: never negative, whatever order the two arrive in. */
export const unreadCount = (newestSeq: number, lastReadSeq: number): number => Math.max(0, newestSeq - lastReadSeq);

/** A cursor only moves forward: reading an older message again (another tab, a late request) never marks newer ones unread. */
export const advancedCursor = (lastReadSeq: number, readSeq: number, newestSeq: number): number =>
  Math.max(lastReadSeq, Math.min(readSeq, newestSeq));

/** Everyone but the author who has read at least to `seq`, in the order they reached it. */
export const seenBy = (cursors: readonly ReadCursor[], seq: number, author: string): readonly ReadCursor[] =>
  cursors
    .filter((cursor) => cursor.participant !== author && cursor.lastReadSeq >= seq && cursor.readAt !== null)
    .toSorted((a, b) => (a.readAt ?? "").localeCompare(b.readAt ?? "") || a.name.localeCompare(b.name));

/** The first message a reader has not seen ("Jump to first unread"), or null when they are up to date. */
export const firstUnreadSeq = (newestSeq: number, lastReadSeq: number): number | null => (newestSeq > lastReadSeq ? lastReadSeq + 1 : null);
