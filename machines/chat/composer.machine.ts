import { assign, fromCallback, setup } from "xstate";
import type { ChatAttachment } from "../../domain/chat/chat-wire.ts";
import { toAuthFailure } from "../shared/auth-failure.ts";

type ComposerContext = {
  readonly draft: string;
  readonly attachment: ChatAttachment | null;
  /** The file being checked or uploaded. */
  readonly file: File | null;
  /** The upload's progress, 0 to 1, while a file is on its way. */
  readonly progress: number;
  /** Why a file was refused (its kind, its size, the server's answer), said in an alert. */
  readonly refusal: string | null;
};

export type ComposerEvent =
  | { readonly type: "draft.change"; readonly text: string }
  | { readonly type: "file.pick"; readonly file: File }
  | { readonly type: "file.remove" }
  /** The page sent the message (the thread machine took it): the composer starts over. */
  | { readonly type: "sent" }
  | { readonly type: "upload.progress"; readonly fraction: number }
  | { readonly type: "upload.done"; readonly attachment: ChatAttachment }
  | { readonly type: "upload.failed"; readonly error: unknown };

/** What the upload is given; it reports progress, then done or failed, back to the composer. */
export type UploadInput = { readonly file: File };

/**
 * The chat's composer (issue 34; docs/chat.md): the text being written, and an attachment that is
 * checked before it is sent (the `refusalOf` guard: kind and size, as the server will) and then
 * uploaded with its progress; a refusal is kept until the person picks another file or removes it.
 */
export const composerMachine = setup({
  types: { context: {} as ComposerContext, events: {} as ComposerEvent },
  actors: {
    // Provided by ui/features/chat/chat-machines.ts with the chat adapter's upload.
    upload: fromCallback<ComposerEvent, UploadInput>(({ sendBack }) => {
      sendBack({ type: "upload.failed", error: new Error('composer actor "upload" was not provided') });
    }),
  },
  actions: {
    // Provided: the refusal the browser can tell before any byte is sent (null: the file may go).
    checkFile: assign((_args: unknown, _file: File) => ({ refusal: null as string | null })),
  },
  guards: {
    refused: ({ context }) => context.refusal !== null,
  },
}).createMachine({
  id: "chatComposer",
  context: { draft: "", attachment: null, file: null, progress: 0, refusal: null },
  on: {
    "draft.change": { actions: assign({ draft: ({ event }) => event.text }) },
  },
  initial: "idle",
  states: {
    idle: {
      on: {
        "file.pick": { target: "checking", actions: [assign({ attachment: null, progress: 0, file: ({ event }) => event.file }), { type: "checkFile", params: ({ event }) => event.file }] },
        "file.remove": { actions: assign({ attachment: null, refusal: null, progress: 0 }) },
        sent: { actions: assign({ draft: "", attachment: null, refusal: null, progress: 0 }) },
      },
    },
    checking: {
      always: [{ guard: "refused", target: "idle" }, { target: "uploading" }],
    },
    uploading: {
      invoke: {
        src: "upload",
        input: ({ context }) => ({ file: context.file as File }),
      },
      on: {
        "upload.progress": { actions: assign({ progress: ({ event }) => event.fraction }) },
        "upload.done": { target: "idle", actions: assign({ attachment: ({ event }) => event.attachment, progress: 1, file: null }) },
        "upload.failed": { target: "idle", actions: assign({ refusal: ({ event }) => toAuthFailure(event.error).message, progress: 0, file: null }) },
        "file.remove": { target: "idle", actions: assign({ progress: 0, file: null }) },
      },
    },
  },
});
