import type { ServerResponse } from "node:http";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { CHAT_LIMITS } from "../../../domain/chat/chat-limits.ts";
import type { Database } from "../../db/database.ts";
import { chatStreams } from "../../db/schema/chat.ts";
import { patientDevices } from "../../db/schema/devices.ts";
import { patients } from "../../db/schema/patients.ts";
import type { ChatBus } from "./chat-bus.ts";
import { type StreamGroup, type StreamSink, streamGroup } from "./stream-group.ts";
import type { ChatReader } from "./thread-scope.ts";

export type StreamOptions = {
  readonly heartbeatMs: number;
  /** How often the open streams of patients' devices check that their device still works (revoked: closed). */
  readonly deviceCheckMs: number;
  /**
   * Bytes a stream may have waiting in this process for a reader that does not read: past them the
   * stream is dropped, and its client reconnects with Last-Event-ID and reads the rest from the table.
   */
  readonly maxBufferedBytes: number;
};

export const STREAM_DEFAULTS: StreamOptions = { heartbeatMs: CHAT_LIMITS.heartbeatMs, deviceCheckMs: 2_000, maxBufferedBytes: 1024 * 1024 };

/** The Last-Event-ID header as a stream sequence, or undefined when absent or not one. */
export const lastEventIdOf = (request: FastifyRequest): number | undefined => {
  const header = request.headers["last-event-id"];
  if (typeof header !== "string" || !/^\d{1,15}$/.test(header.trim())) return undefined;
  return Number(header.trim());
};

type OpenStream = StreamSink & { readonly institutionId: number; readonly close: () => void };
type Log = { readonly warn: (object: object, message: string) => void };

/**
 * The open streams of this process, grouped by institution (stream-group.ts): one read of the table
 * per institution per wake and one heartbeat timer per institution, whatever the number of streams.
 */
export const streamHub = (deps: { readonly db: Database; readonly bus: ChatBus; readonly log?: Log }, options: StreamOptions = STREAM_DEFAULTS) => {
  const { db } = deps;
  const open = new Set<OpenStream>();
  const groups = new Map<number, StreamGroup>();
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

  const groupOf = (institutionId: number): StreamGroup => {
    const found = groups.get(institutionId);
    if (found !== undefined) return found;
    const made = streamGroup(deps, institutionId, options.heartbeatMs);
    groups.set(institutionId, made);
    return made;
  };

  const serve = async (reply: FastifyReply, reader: ChatReader, lastEventId: number | undefined): Promise<void> => {
    const institutionId = reader.kind === "staff" ? reader.slice.institutionId : reader.institutionId;
    const lastSent = lastEventId ?? (await db.select({ lastSeq: chatStreams.lastSeq }).from(chatStreams).where(eq(chatStreams.institutionId, institutionId)))[0]?.lastSeq ?? 0;
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
    const end = (how: "end" | "drop"): void => {
      if (closed) return;
      closed = true;
      open.delete(stream);
      const group = groups.get(institutionId);
      if (group?.remove(stream) === true) groups.delete(institutionId);
      // A reader that does not read would hold an ended response's bytes forever: it is dropped.
      if (how === "drop") raw.destroy();
      else raw.end();
    };
    const stream: OpenStream = {
      reader,
      institutionId,
      lastSent,
      write: (text) => {
        if (closed) return;
        // Backpressure: the kernel's buffer is full and this process holds more than the cap for this reader.
        if (!raw.write(text) && raw.writableLength > options.maxBufferedBytes) end("drop");
      },
      closed: () => closed,
      close: () => end("end"),
    };
    open.add(stream);
    raw.on("close", () => stream.close());
    if (reader.kind === "patient") startDeviceCheck();
    // The replay (everything after Last-Event-ID), then live: the group's reads.
    groupOf(institutionId).add(stream);
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
