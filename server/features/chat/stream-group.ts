import { eq } from "drizzle-orm";
import { CHAT_EVENT } from "../../../domain/chat/chat-wire.ts";
import type { Database } from "../../db/database.ts";
import { chatStreams } from "../../db/schema/chat.ts";
import type { ChatBus, ChatWake } from "./chat-bus.ts";
import { cursorsOf, messagesAfter } from "./message-rows.ts";
import { reaches, threadFacts } from "./thread-reach.ts";
import type { ChatReader } from "./thread-scope.ts";

/** Rows read per query while catching up: a reconnect after a long cut reads in pages, never all at once. */
const BATCH = 200;
/** After a failed read, the group reads again this much later (the streams stay open meanwhile). */
const RETRY_MS = 2_000;

/** One server-sent event (the protocol is small enough to write: id, event, one data line of JSON). */
export const frame = (event: string, data: unknown, id?: number): string => `${id === undefined ? "" : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** One open stream as its institution's group sees it: who reads, what it last sent, how to write to it. */
export type StreamSink = {
  readonly reader: ChatReader;
  /** The stream sequence of the last event handed to this stream (sent, or skipped as not its thread's). */
  lastSent: number;
  readonly write: (text: string) => void;
  readonly closed: () => boolean;
};

type Log = { readonly warn: (object: object, message: string) => void };

/**
 * The open streams of one institution in this process, served together: each wake or heartbeat
 * costs the institution one read of the table, not one per stream. The read starts after the
 * lowest last-sent id among the streams and goes in pages of BATCH in stream order; each stream
 * takes the rows after its own last-sent id whose thread its reader reaches (judged in memory on
 * facts read once per page, thread-reach.ts). A wake says only "look", so a repeated wake sends
 * nothing twice and a lost one is made up by the next wake or the heartbeat's check.
 */
export const streamGroup = (deps: { readonly db: Database; readonly bus: ChatBus; readonly log?: Log }, institutionId: number, heartbeatMs: number) => {
  const { db, bus, log } = deps;
  const streams = new Set<StreamSink>();
  let pumping: Promise<void> | undefined;
  let again = false;
  let retry: NodeJS.Timeout | undefined;

  const lowest = (): number => Math.min(...[...streams].map((stream) => stream.lastSent));

  const pumpOnce = async (): Promise<void> => {
    for (;;) {
      if (streams.size === 0) return;
      const after = lowest();
      const rows = await messagesAfter(db, institutionId, after, BATCH);
      if (rows.length === 0) return;
      const facts = await threadFacts(db, institutionId, [...new Set(rows.map((row) => row.thread_id))]);
      const frames = new Map<number, string>();
      const frameOf = (index: number): string => {
        const row = rows[index];
        if (row === undefined) return "";
        const text = frames.get(index) ?? frame(CHAT_EVENT.message, row, row.stream_seq);
        frames.set(index, text);
        return text;
      };
      for (const stream of [...streams]) {
        // A stream that joined during this read, further back than it started: the next read is its.
        if (stream.lastSent < after || stream.closed()) continue;
        rows.forEach((row, index) => {
          if (row.stream_seq <= stream.lastSent) return;
          if (reaches(stream.reader, facts.get(row.thread_id))) stream.write(frameOf(index));
          stream.lastSent = row.stream_seq;
        });
      }
      if (rows.length < BATCH) return;
    }
  };

  /** Wakes that arrive while a read runs make one more read after it, never two at once. */
  const pump = (): void => {
    if (pumping !== undefined) {
      again = true;
      return;
    }
    pumping = pumpOnce()
      .catch((error: unknown) => {
        log?.warn({ err: error, institutionId }, "chat stream read failed; reading again shortly");
        retry ??= setTimeout(() => {
          retry = undefined;
          pump();
        }, RETRY_MS);
        retry.unref();
      })
      .finally(() => {
        pumping = undefined;
        if (again && streams.size > 0) {
          again = false;
          pump();
        }
      });
  };

  // Read events carry no id: those of a thread go to every stream whose reader reaches it, now.
  const readMoved = async (threadId: number): Promise<void> => {
    const facts = (await threadFacts(db, institutionId, [threadId])).get(threadId);
    const readers = [...streams].filter((stream) => reaches(stream.reader, facts));
    if (readers.length === 0) return;
    const text = (await cursorsOf(db, threadId)).map((cursor) => frame(CHAT_EVENT.read, cursor)).join("");
    for (const stream of readers) if (!stream.closed()) stream.write(text);
  };

  const onWake = (wake: ChatWake): void => {
    if (wake.kind === "read") {
      void readMoved(wake.threadId).catch((error: unknown) => log?.warn({ err: error, institutionId }, "chat read event failed"));
      return;
    }
    // A wake for what every stream already has (its own echo after a replay): nothing to read.
    if (wake.streamSeq > 0 && streams.size > 0 && lowest() >= wake.streamSeq) return;
    pump();
  };

  /** The heartbeat: a comment to every stream, then one cheap look at the institution's newest stream sequence. */
  const beat = async (): Promise<void> => {
    for (const stream of [...streams]) stream.write(": heartbeat\n\n");
    if (streams.size === 0) return;
    const [row] = await db.select({ lastSeq: chatStreams.lastSeq }).from(chatStreams).where(eq(chatStreams.institutionId, institutionId));
    // A wake lost on the way (a listener reconnecting) is made up here at the latest.
    if (row !== undefined && row.lastSeq > lowest()) pump();
  };

  let unsubscribe: (() => void) | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  return {
    /** Serves one more stream: its replay after its last-sent id, then live. */
    add: (stream: StreamSink): void => {
      streams.add(stream);
      unsubscribe ??= bus.subscribe(institutionId, onWake);
      if (heartbeat === undefined) {
        heartbeat = setInterval(() => void beat().catch((error: unknown) => log?.warn({ err: error, institutionId }, "chat heartbeat check failed")), heartbeatMs);
        heartbeat.unref();
      }
      pump();
    },
    /** Answers whether the group is now empty (its wakes and heartbeat stopped). */
    remove: (stream: StreamSink): boolean => {
      streams.delete(stream);
      if (streams.size > 0) return false;
      unsubscribe?.();
      unsubscribe = undefined;
      if (heartbeat !== undefined) clearInterval(heartbeat);
      heartbeat = undefined;
      if (retry !== undefined) clearTimeout(retry);
      retry = undefined;
      return true;
    },
  };
};

export type StreamGroup = ReturnType<typeof streamGroup>;
