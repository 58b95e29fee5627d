import { assign, fromCallback, fromPromise } from "xstate";
import type { ChatApi } from "../../../adapters/chat/chat-api.ts";
import { CHAT_LIMITS } from "../../../domain/chat/chat-limits.ts";
import { ATTACHMENT_KINDS } from "../../../domain/chat/attachment-kind.ts";
import type { ChatMessage, ChatMessagePage, ChatReadCursor, ChatThreadId, ChatAttachmentId } from "../../../domain/chat/chat-wire.ts";
import { catalogueMessage } from "../../../domain/shared/error-catalogue.ts";
import { announcerMachine } from "../../../machines/chat/announcer.machine.ts";
import { composerMachine, type ComposerEvent, type UploadInput } from "../../../machines/chat/composer.machine.ts";
import type { EditInput, HistoryInput, ReadInput, SendInput, WithdrawInput } from "../../../machines/chat/thread-context.ts";
import { threadMachine } from "../../../machines/chat/thread.machine.ts";
import { announceChange } from "../../feedback/confirm-change.ts";

// The chat's machines get their effects here and nowhere else (docs/ui.md, "Where machines are
// provided"): the thread's calls on the chat adapter, the announcer's words on the app's one
// polite live region (React Aria's announcer), the composer's upload with its progress.

/** A thread on the chat's calls. */
export const threadLogicFor = (api: ChatApi) =>
  threadMachine.provide({
    actors: {
      loadHistory: fromPromise<ChatMessagePage, HistoryInput>(({ input, signal }) => api.history(input.threadId as ChatThreadId, input.before, signal)),
      sendMessage: fromPromise<ChatMessage, SendInput>(({ input, signal }) =>
        api.send(input.threadId as ChatThreadId, { client_id: input.clientId, body: input.body, attachment_id: input.attachmentId as ChatAttachmentId | null }, signal),
      ),
      markRead: fromPromise<ChatReadCursor, ReadInput>(({ input, signal }) => api.markRead(input.threadId as ChatThreadId, input.seq, signal)),
      editMessage: fromPromise<ChatMessage, EditInput>(({ input }) => api.edit(input.threadId as ChatThreadId, input.seq, input.body)),
      withdrawMessage: fromPromise<ChatMessage, WithdrawInput>(({ input }) => api.withdraw(input.threadId as ChatThreadId, input.seq)),
    },
  });

/** The announcer, saying each line in the one polite region, in order. */
export const announcerLogic = announcerMachine.provide({
  actions: {
    say: (_, lines: readonly string[]) => {
      for (const line of lines) announceChange(line);
    },
  },
});

/** What the browser can refuse before sending a byte: the kind the file says it is, and its size (the server checks the bytes). */
const refusalOf = (file: File): string | null => {
  if (!(ATTACHMENT_KINDS as readonly string[]).includes(file.type)) return `${catalogueMessage("ERROR_044")}: send a PDF, PNG or JPEG file.`;
  if (file.size > CHAT_LIMITS.attachmentBytes) return `${catalogueMessage("ERROR_045")}: the limit is 10 MB.`;
  return null;
};

/** The composer with the chat adapter's upload, which reports its progress back. */
export const composerLogicFor = (api: ChatApi) =>
  composerMachine.provide({
    actions: { checkFile: assign((_, file: File) => ({ refusal: refusalOf(file) })) },
    actors: {
      upload: fromCallback<ComposerEvent, UploadInput>(({ input, sendBack }) => {
        const controller = new AbortController();
        api
          .uploadAttachment(input.file, (fraction) => sendBack({ type: "upload.progress", fraction }), controller.signal)
          .then((attachment) => sendBack({ type: "upload.done", attachment }))
          .catch((error: unknown) => {
            if (!controller.signal.aborted) sendBack({ type: "upload.failed", error });
          });
        return () => controller.abort();
      }),
    },
  });
