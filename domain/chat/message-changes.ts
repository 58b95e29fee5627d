import { succeed, type Result } from "../shared/result.ts";
import { stripInvisibleCharacters } from "../shared/validators/invisible-characters.ts";
import { checkMessageText } from "./chat-message-text.ts";

// Who may edit or withdraw a message, and what an edit sends (issue 34): the server's rule
// (server/features/chat/message-store.ts, reviseMessage; chat-actions.ts, reviseAction) written
// once here, so the thread offers "Edit" and "Withdraw" exactly where the server would accept them.

/** A participant as the wire names one: staff (their user id) or the thread's patient. */
type Participant = { readonly kind: string; readonly id: number };

/** The facts of a message the rule reads. */
export type ChangeableMessage = { readonly author: Participant; readonly withdrawn_at: string | null };

/** What a reader may do to one message. */
export type MessageChanges = { readonly edit: boolean; readonly withdraw: boolean };

/**
 * Only a message's author may edit or withdraw it, and only while it stands: a withdrawal is
 * final. There is no time limit: every earlier text stays in the record as a revision, so a late
 * correction hides nothing.
 */
export const messageChangesOf = (reader: Participant, message: ChangeableMessage): MessageChanges => {
  const allowed = message.author.kind === reader.kind && message.author.id === reader.id && message.withdrawn_at === null;
  return { edit: allowed, withdraw: allowed };
};

/**
 * An edit's outcome: `null` when the cleaned draft is the stored text (nothing to send), else the
 * text check the server makes. An edit needs text even beside an attachment: the attachment stays
 * as it was, and emptying a message is what a withdrawal is for.
 */
export const checkEdit = (stored: string, draft: string): Result<string | null> =>
  stripInvisibleCharacters(draft).trim() === stored ? succeed(null) : checkMessageText(draft, false);
