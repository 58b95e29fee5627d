import { assign, setup } from "xstate";
import { type Arrival, announcementsFor } from "../../domain/chat/announcements.ts";
import { CHAT_LIMITS } from "../../domain/chat/chat-limits.ts";

type AnnouncerContext = { readonly window: readonly Arrival[] };
type AnnouncerEvent = { readonly type: "arrived"; readonly arrival: Arrival };

/**
 * The chat's one polite announcer (issue 34; docs/chat.md, "Accessibility"): the first message
 * that is worth saying opens a window of CHAT_LIMITS.burstMs; what arrives within it is said
 * together when it closes (announcementsFor: four or more become one line). One's own messages
 * and history never open a window. The lines go to the `say` action, which the app provides
 * with the page's polite live region.
 */
export const announcerMachine = setup({
  types: { context: {} as AnnouncerContext, events: {} as AnnouncerEvent },
  actions: {
    // Provided by ui/features/chat/chat-machines.ts; a placeholder says nothing.
    say: (_args: unknown, _lines: readonly string[]): void => undefined,
    collect: assign(({ context }, arrival: Arrival) => ({ window: [...context.window, arrival] })),
    clear: assign({ window: [] }),
  },
  guards: {
    worthSaying: ({ event }) => !event.arrival.own && !event.arrival.history,
  },
  delays: { burst: CHAT_LIMITS.burstMs },
}).createMachine({
  id: "chatAnnouncer",
  context: { window: [] },
  initial: "quiet",
  states: {
    quiet: {
      on: { arrived: { guard: "worthSaying", target: "collecting", actions: { type: "collect", params: ({ event }) => event.arrival } } },
    },
    collecting: {
      on: { arrived: { actions: { type: "collect", params: ({ event }) => event.arrival } } },
      after: {
        burst: {
          target: "quiet",
          actions: [{ type: "say", params: ({ context }) => announcementsFor(context.window) }, "clear"],
        },
      },
    },
  },
});
