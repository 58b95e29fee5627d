import type { ServerResponse } from "node:http";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { CHAT_LIMITS } from "../../../domain/chat/chat-limits.ts";
import { CHAT_EVENT } from "../../../domain/chat/chat-wire.ts";
import type { Database } from "../../db/database.ts";
import { chatStreams, chatThreads } from "../../db/schema/chat.ts";
import { patientDevices } from "../../db/schema/devices.ts";
import { patients } from "../../db/schema/patients.ts";
import type { ChatBus, ChatWake } from "./chat-bus.ts";
import { cursorsOf, messagesAfter } from "./message-rows.ts";
import { type ChatReader, reachableThreads } from "./thread-scope.ts";

/** Rows read per query while catching up: a reconnect after a long cut reads in pages, never all at once. */
const BATCH = 200;

export type StreamOptions = {
  readonly heartbeatMs: number;
  /** How often the open streams of patients' devices check that their device still works (revoked: closed). */
  readonly deviceCheckMs: number;
};

export const STREAM_DEFAULTS: StreamOptions = { heartbeatMs: CHAT_LIMITS.heartbeatMs, deviceCheckMs: 2_000 };

/** One server-sent event (the protocol is small enough to write: id, event, one data line of JSON). */
const frame = (event: string, data: unknown, id?: number): string => `${id === undefined ? "" : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** The Last-Event-ID header as a stream sequence, or undefined when absent or not one. */
export const lastEventIdOf = (request: FastifyRequest): number | undefined => {
  const header = request.headers["last-event-id"];
  if (typeof header !== "string" || !/^\d{1,15}$/.test(header.trim())) return undefined;
  return Number(header.trim());
};

type OpenStream = { readonly reader: ChatReader; readonly close: () => void };

/**
 * The open streams of this process. Each reads the table for everything after what it last sent
 * (its Last-Event-ID at first), on every wake of its institution: the wake says only "look", so a
 * duplicate wake sends nothing twice and a lost one is made up by the next or by the heartbeat's read.
 */
export const streamHub = (deps: { readonly db: Database; readonly bus: ChatBus }, options: StreamOptions = STREAM_DEFAULTS) => {
  const { db, bus } = deps;
  const open = new Set<OpenStream>();
  let deviceCheck: NodeJS.Timeout | undefined;

  // One query a few seconds for every open patient stream of the process: a revoked device (or an archived patient) is closed within deviceCheckMs.
  const checkDevices = async (): Promise<void> => {
    const devices = [...open].flatMap((stream) => (stream.reader.kind === "patient" ? [{ stream, deviceId: stream.reader.deviceId }] : []));
    if (devices.length === 0) return;
    const working = await db
      .select({ id: patientDevices.id })
      .from(patientDevices)
      .innerJoin(patients, eq(patients.id, patientDevices.patientId))
      .where(and(inArray(patientDevices.id, devices.map((one) => one.deviceId)), isNull(patientDevices.revokedAt), isNull(patients.archivedAt)));
    const ids = new Set(working.map((row) => row.id));
    for (const { stream, deviceId } of devices) if (!ids.has(deviceId)) stream.close();
  };

  const startDeviceCheck = (): void => {
    deviceCheck ??= setInterval(() => void checkDevices().catch(() => undefined), options.deviceCheckMs);
    deviceCheck.unref();
  };

  const serve = async (reply: FastifyReply, reader: ChatReader, lastEventId: number | undefined): Promise<void> => {
    const institutionId = reader.kind === "staff" ? reader.slice.institutionId : reader.institutionId;
    let lastSent = lastEventId ?? (await db.select({ lastSeq: chatStreams.lastSeq }).from(chatStreams).where(eq(chatStreams.institutionId, institutionId)))[0]?.lastSeq ?? 0;
    reply.hijack();
    const raw: ServerResponse = reply.raw;
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      connection: "keep-alive",
      // Proxies that buffer (nginx) would hold the events back.
      "x-accel-buffering": "no",
    });
    raw.write(`retry: 2000\n\n`);

    let closed = false;
    let pumping: Promise<void> | undefined;
    let again = false;
    const write = (text: string): void => {
      if (!closed) raw.write(text);
    };

    const pumpOnce = async (): Promise<void> => {
      for (;;) {
        const rows = await messagesAfter(db, institutionId, lastSent, BATCH);
        if (rows.length === 0 || closed) return;
        const threadIds = [...new Set(rows.map((row) => row.thread_id))];
        const reachable = new Set((await reachableThreads(db, reader, inArray(chatThreads.id, threadIds))).map((thread) => thread.id));
        for (const row of rows) {
          if (reachable.has(row.thread_id)) write(frame(CHAT_EVENT.message, row, row.stream_seq));
          lastSent = row.stream_seq;
        }
        if (rows.length < BATCH) return;
      }
    };
    // Wakes that arrive while a read runs make one more read after it, never two at once.
    const pump = (): void => {
      if (pumping !== undefined) {
        again = true;
        return;
      }
      pumping = pumpOnce()
        .catch(() => stream.close())
        .finally(() => {
          pumping = undefined;
          if (again && !closed) {
            again = false;
            pump();
          }
        });
    };
    const readMoved = async (threadId: number): Promise<void> => {
      const [thread] = await reachableThreads(db, reader, eq(chatThreads.id, threadId));
      if (thread === undefined) return;
      for (const cursor of await cursorsOf(db, threadId)) write(frame(CHAT_EVENT.read, cursor));
    };
    const onWake = (wake: ChatWake): void => {
      if (wake.kind === "message") pump();
      else void readMoved(wake.threadId).catch(() => undefined);
    };

    const unsubscribe = bus.subscribe(institutionId, onWake);
    const heartbeat = setInterval(() => {
      write(": heartbeat\n\n");
      // A wake lost on the way (a listener reconnecting) is made up here at the latest.
      pump();
    }, options.heartbeatMs);
    heartbeat.unref();
    const stream: OpenStream = {
      reader,
      close: () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(stream);
        raw.end();
      },
    };
    open.add(stream);
    raw.on("close", () => stream.close());
    if (reader.kind === "patient") startDeviceCheck();
    // The replay: everything after Last-Event-ID, then live.
    pump();
  };

  return {
    serve,
    /** How many streams this process holds. */
    size: (): number => open.size,
    /** Ends every stream (the server is closing: clients reconnect elsewhere with their Last-Event-ID). */
    closeAll: (): void => {
      for (const stream of [...open]) stream.close();
      if (deviceCheck !== undefined) clearInterval(deviceCheck);
      deviceCheck = undefined;
    },
  };
};

export type StreamHub = ReturnType<typeof streamHub>;
