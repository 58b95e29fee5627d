import { CHAT_LIMITS } from "./chat-limits.ts";

/** A message as the announcer hears of it. */
export type Arrival = {
  readonly authorName: string;
  readonly text: string;
  /** Written by the reader (in this tab or another): never announced. */
  readonly own: boolean;
  /** Part of history being loaded ("Load earlier messages", a first load, a replay after reconnecting): never announced. */
  readonly history: boolean;
  /** Whether it carries an attachment, said when it has no text. */
  readonly hasAttachment: boolean;
};

const quoted = (arrival: Arrival): string => {
  const characters = [...arrival.text.replace(/\s+/g, " ").trim()];
  if (characters.length === 0) return arrival.hasAttachment ? "an attachment" : "";
  const cut = characters.slice(0, CHAT_LIMITS.announcedChars).join("");
  return characters.length > CHAT_LIMITS.announcedChars ? `${cut}…` : cut;
};

/** "Ana", "Ana and Ben", "Ana, Ben and Cleo": each author once, in the order they wrote. */
const namesOf = (arrivals: readonly Arrival[]): string => {
  const names = [...new Set(arrivals.map((arrival) => arrival.authorName))];
  return names.length === 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1) ?? ""}`;
};

/**
 * What the one polite announcer says for the messages that arrived within one burst window
 * (issue 34): nothing for one's own or for history; each other message as "New message from
 * <name>: <first 140 characters>"; four or more at once as a single line, so a screen reader is
 * not kept talking while the person is typing.
 */
export const announcementsFor = (burst: readonly Arrival[]): readonly string[] => {
  const heard = burst.filter((arrival) => !arrival.own && !arrival.history);
  if (heard.length >= CHAT_LIMITS.burstSize) return [`${heard.length} new messages from ${namesOf(heard)}`];
  return heard.map((arrival) => `New message from ${arrival.authorName}: ${quoted(arrival)}`);
};
