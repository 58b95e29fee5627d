/**
 * The SLP chat's numbers (issue 34), written once: the server refuses past them, the composer
 * counts toward them, the reminder and the stream keep to them.
 */
export const CHAT_LIMITS = {
  /** A message's text, in characters (code points), as notes count theirs. */
  messageChars: 4_000,
  /** The composer shows the count once this close to the limit. */
  countShownFrom: 3_500,
  /** An attachment's bytes: 10 MB. */
  attachmentBytes: 10 * 1024 * 1024,
  /** Messages one person may send in a minute and in a day (429 ERROR_012 past either). */
  perMinute: 20,
  perDay: 300,
  /** People in one colleagues' thread, the writer included. */
  groupMembers: 20,
  /** Messages a page of history holds ("Load earlier messages" asks for the next). */
  historyPage: 50,
  /** The announcement quotes this many characters of a message. */
  announcedChars: 140,
  /** Four or more arrivals within this window become one announcement. */
  burstMs: 2_000,
  burstSize: 4,
  /** The stream's heartbeat, under the 30 s idle timeouts of common proxies. */
  heartbeatMs: 25_000,
  /** A message unread this long earns its reader one e-mail (configurable on the server). */
  reminderAfterMs: 15 * 60_000,
} as const;
