import { useQueryClient } from "@tanstack/react-query";
import { useActorRef } from "@xstate/react";
import { lazy, useEffect } from "react";
import { useSearchParams } from "wouter";
import type { ChatThread } from "../../../domain/chat/chat-wire.ts";
import { routeId } from "../../../domain/shared/navigation/route-id.ts";
import { PatientId } from "../../../domain/shared/ids.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { isReader, type Reader } from "../../../machines/chat/thread-context.ts";
import { Alert } from "../../kit/alert.tsx";
import { useAddressSearch } from "../../kit/use-address-search.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { readAfresh } from "../../data/read-afresh.ts";
import * as pageStyles from "../../shell/content-page.css.ts";
import { announcerLogic } from "./chat-machines.ts";
import { useChatEvents } from "./chat-events.ts";
import { chatKeys } from "./chat-keys.ts";
import { readerOf } from "./chat-reader.ts";
import * as styles from "./chat.css.ts";
import { WorkTimerSlot } from "../../people/work-timer-frame.tsx";
import { threadName } from "./thread-list-updates.ts";
import { ThreadList } from "./thread-list.tsx";
import { ThreadView } from "./thread-view.tsx";
import { usePatientThread, useThreads } from "./use-chat.ts";

export const CHAT_SEARCH_DEBOUNCE_MS = 300;

// The work timer of a patient's pages (docs/billing.md, "Timer"), lazy like on the record: the chat
// with a patient is work on that patient. Its messages count nothing toward RTM's live interaction.
const WorkTimerBar = lazy(() => import("../billing/index.ts").then((module) => ({ default: module.WorkTimerBar })));

/** Every message from someone else that is new (not an edit or a withdrawal) goes to the one polite announcer. */
function useAnnouncements(reader: Reader) {
  const announcer = useActorRef(announcerLogic);
  useChatEvents((event) => {
    if (event.kind !== "message" || event.message.edited_at !== null || event.message.withdrawn_at !== null) return;
    const { message } = event;
    announcer.send({
      type: "arrived",
      arrival: { authorName: message.author.name, text: message.body, own: isReader(reader, message.author), history: false, hasAttachment: message.attachment !== null },
    });
  });
}

/**
 * /slp-chat (issue 34; docs/chat.md): the conversations beside the open one. The address holds
 * the search and the open thread (`?thread=`); the record's "Message" arrives with `?patient=`,
 * whose thread is made on first use and then opened in its place.
 */
export function ChatPage({ user }: { readonly user: CurrentUser }) {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const reader = readerOf(user);
  const search = params.get("search") ?? "";
  const openId = routeId(params.get("thread") ?? undefined);
  const patientId = routeId(params.get("patient") ?? undefined);
  const write = (next: { readonly search: string; readonly thread: number | null }) => {
    const query = new URLSearchParams();
    if (next.search !== "") query.set("search", next.search);
    if (next.thread !== null) query.set("thread", String(next.thread));
    setParams(query, { replace: true });
  };
  const [typed, setTyped] = useAddressSearch(search, (settled) => write({ search: settled, thread: openId }), CHAT_SEARCH_DEBOUNCE_MS);
  const listed = useThreads(search);
  const all = useThreads("");
  const patientThread = usePatientThread(patientId === null ? null : PatientId.make(patientId));
  useAnnouncements(reader);

  const opened = patientThread.data;
  useEffect(() => {
    if (opened === undefined) return;
    // The patient's thread may be new: the lists learn of it before it opens.
    queryClient.setQueryData<readonly ChatThread[]>(chatKeys.threadList(""), (threads) =>
      threads === undefined || threads.some((thread) => thread.id === opened.id) ? threads : [opened, ...threads],
    );
    // Read again after the thread was made, a first read in flight too (ui/data/read-afresh.ts).
    void readAfresh(queryClient, chatKeys.threads);
    write({ search: "", thread: opened.id });
    // Once per opened thread; `write` is remade each render.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, queryClient]);

  // The thread just made for `?patient=` is open at once, whatever the lists hold yet.
  const open = openId === null ? undefined : ((all.data ?? listed.data)?.find((thread) => thread.id === openId) ?? (opened?.id === openId ? opened : undefined));

  return (
    <div className={pageStyles.page}>
      <h1 className={pageStyles.heading}>SLP Chat</h1>
      <Alert>{patientThread.isError ? failureMessage(patientThread.error) : null}</Alert>
      {open?.patient == null ? null : (
        <WorkTimerSlot patientName={open.patient.name} activity="messaging">
          <WorkTimerBar patientId={open.patient.id} patientName={open.patient.name} activity="messaging" />
        </WorkTimerSlot>
      )}
      <div className={styles.layout}>
        <ThreadList query={listed} reader={reader} openThreadId={openId} typed={typed} onType={setTyped} search={search} />
        {open === undefined ? (
          <p className={pageStyles.muted}>{openId === null ? "Choose a conversation to read it and to write." : "Loading the conversation…"}</p>
        ) : (
          <ThreadView key={open.id} thread={open} reader={reader} name={threadName(open, reader)} />
        )}
      </div>
    </div>
  );
}
