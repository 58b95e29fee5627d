import pg from "pg";
import { type ChatBus, listenerRegistry, wakeOfPayload, wakePayload } from "./chat-bus.ts";

const CHANNEL = "portal_chat";
const RECONNECT_MS = 1_000;

type Log = { readonly warn: (object: object, message: string) => void };

/**
 * The bus of API processes sharing one PostgreSQL: NOTIFY on publish (through the listener's own
 * connection, after the writer's commit), and a dedicated client that LISTENs and wakes this
 * process's streams. NOTIFY is never replayed: a listener that drops reconnects, then wakes every
 * institution it serves once, so a stream reads the table for whatever it may have missed meanwhile.
 */
export const pgChatBus = (databaseUrl: string, log?: Log): ChatBus => {
  const listeners = listenerRegistry();
  const institutions = new Map<number, number>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: databaseUrl });
      next.on("notification", (message) => {
        const wake = message.payload === undefined ? undefined : wakeOfPayload(message.payload);
        if (wake !== undefined) listeners.emit(wake);
      });
      next.on("error", (error) => log?.warn({ err: error }, "chat listener connection failed; reconnecting"));
      next.on("end", () => {
        client = undefined;
        connecting = undefined;
        if (!closed) setTimeout(() => void reconnect(), RECONNECT_MS).unref();
      });
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      client = next;
      return next;
    })();
    connecting.catch(() => {
      connecting = undefined;
      if (!closed) setTimeout(() => void reconnect(), RECONNECT_MS).unref();
    });
    return connecting;
  };

  const reconnect = async (): Promise<void> => {
    if (closed) return;
    await connect();
    // Whatever was notified while nobody listened: every stream re-reads the table from its last id.
    for (const institutionId of institutions.keys()) listeners.emit({ kind: "message", institutionId, streamSeq: 0 });
  };

  return {
    publish: async (wake) => {
      const listener = client ?? (await connect());
      await listener.query("select pg_notify($1, $2)", [CHANNEL, wakePayload(wake)]);
    },
    subscribe: (institutionId, listener) => {
      void connect().catch(() => undefined);
      institutions.set(institutionId, (institutions.get(institutionId) ?? 0) + 1);
      const off = listeners.subscribe(institutionId, listener);
      return () => {
        off();
        const left = (institutions.get(institutionId) ?? 1) - 1;
        if (left <= 0) institutions.delete(institutionId);
        else institutions.set(institutionId, left);
      };
    },
    close: async () => {
      closed = true;
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    },
  };
};
