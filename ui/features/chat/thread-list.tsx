import { Link } from "react-aria-components";
import type { ChatThread } from "../../../domain/chat/chat-wire.ts";
import type { Reader } from "../../../machines/chat/thread-context.ts";
import { QueryStatus, type QueryState } from "../../kit/query-status.tsx";
import { SearchBox } from "../../kit/search-box.tsx";
import { visuallyHidden } from "../../kit/visually-hidden.css.ts";
import * as styles from "./chat.css.ts";
import { threadName } from "./thread-list-updates.ts";

/** A thread's address on the page: the open thread is in the URL, so Back and a shared link reopen it. */
export const threadHref = (threadId: number, search: string): string => {
  const query = new URLSearchParams(search === "" ? { thread: String(threadId) } : { search, thread: String(threadId) });
  return `/slp-chat?${query.toString()}`;
};

const preview = (thread: ChatThread, reader: Reader): string => {
  const last = thread.last_message;
  if (last === null) return "No messages yet";
  const who = last.author.kind === reader.kind && last.author.id === reader.id ? "You" : last.author.name;
  const text = last.withdrawn_at !== null ? "withdrawn" : last.body === "" && last.attachment !== null ? "an attachment" : last.body;
  return `${who}: ${text}`;
};

export type ThreadListProps = {
  readonly query: QueryState & { readonly data: readonly ChatThread[] | undefined };
  readonly reader: Reader;
  readonly openThreadId: number | null;
  readonly typed: string;
  readonly onType: (text: string) => void;
  readonly search: string;
};

/** The reader's threads (patient or colleagues), their last message and unread count, searchable by name. */
export function ThreadList({ query, reader, openThreadId, typed, onType, search }: ThreadListProps) {
  const threads = query.data ?? [];
  const count = threads.length === 1 ? "1 conversation" : `${threads.length} conversations`;
  return (
    <section className={styles.threads} aria-labelledby="chat-threads-heading">
      <h2 id="chat-threads-heading">Conversations</h2>
      <SearchBox label="Search by name" value={typed} onChange={onType} />
      <QueryStatus query={query} loading="Loading conversations…" status={query.data === undefined ? "" : count} />
      <ul className={styles.threadList}>
        {threads.map((thread) => {
          const name = threadName(thread, reader);
          return (
            <li key={thread.id}>
              <Link href={threadHref(thread.id, search)} className={styles.threadLink} aria-current={thread.id === openThreadId ? "page" : undefined}>
                <span className={styles.threadName}>
                  {name}
                  <span className={visuallyHidden}>{thread.kind === "patient" ? ", patient" : ", colleagues"}</span>
                </span>
                {thread.unread > 0 ? (
                  <span className={styles.unread}>
                    <span aria-hidden="true">{thread.unread}</span>
                    <span className={visuallyHidden}>{`, ${thread.unread} unread`}</span>
                  </span>
                ) : null}
                <span className={styles.lastMessage}>{preview(thread, reader)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
