import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { deviceMessagesEndpoint, deviceReadEndpoint, deviceSendEndpoint, deviceStreamEndpoint } from "../../../domain/chat/chat-endpoints.ts";
import { CHAT_EVENT } from "../../../domain/chat/chat-wire.ts";
import { DEFAULT_API_KEY } from "../../config.ts";
import { joinOptionValues } from "../../platform/cli-arguments.ts";

/**
 * `npm run chat-patient` (docs/chat-api.md, "Playing the patient"): the patient's side of the chat
 * for demos and tests, through the device calls a patient's app makes. The device token goes only
 * in the `Authorization: Device` header, never in a URL or the output.
 */

export const CHAT_PATIENT_HELP = `Plays the patient in the SLP chat with a paired device's token.

  npm run chat-patient -- (--token T | --token-file F) [--base URL] [--api-key K] say "text"
  npm run chat-patient -- (--token T | --token-file F) [--base URL] [--api-key K] listen [--last-event-id N]
  npm run chat-patient -- (--token T | --token-file F) [--base URL] [--api-key K] read

  say     sends the text (a fresh client id each time)
  listen  prints each message as "seq author: body" until Ctrl-C; reconnects after the last event it saw
  read    marks the newest message read

  --base URL          the portal (default http://localhost:$PORT, PORT 3000)
  --token T           the device token (from "Pair a device" on the patient's record)
  --token-file F      a file holding the token (first line), so it stays out of the shell history
  --api-key K         X-Api-Key (default $API_KEY, else the development key)
  --last-event-id N   listen: start after this stream event (default: only new messages)

Exit status: 0 when the portal agreed, 1 when it refused, 2 for wrong arguments.`;

/** Where the script writes; a test collects the lines. `signal` ends `listen`. */
export type ChatPatientIo = {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
  readonly signal?: AbortSignal;
  readonly env?: Readonly<Record<string, string | undefined>>;
};

type Call = { readonly base: string; readonly headers: Record<string, string> };

type WireMessage = { readonly seq: number; readonly stream_seq: number; readonly author: { readonly name: string }; readonly body: string; readonly withdrawn_at: string | null };

export const messageLine = (message: WireMessage): string => `${message.seq} ${message.author.name}: ${message.withdrawn_at === null ? message.body : "(withdrawn)"}`;

const refused = async (io: ChatPatientIo, what: string, response: Response): Promise<number> => {
  io.err(`${what} refused: ${response.status} ${await response.text()}`);
  return 1;
};

const say = async (call: Call, io: ChatPatientIo, text: string): Promise<number> => {
  const response = await fetch(new URL(deviceSendEndpoint.path, call.base), {
    method: deviceSendEndpoint.method,
    headers: { ...call.headers, "content-type": "application/json" },
    body: JSON.stringify({ client_id: randomUUID(), body: text }),
  });
  if (!response.ok) return refused(io, "say", response);
  io.out(messageLine((await response.json()) as WireMessage));
  return 0;
};

const read = async (call: Call, io: ChatPatientIo): Promise<number> => {
  const page = await fetch(new URL(deviceMessagesEndpoint.path, call.base), { headers: call.headers });
  if (!page.ok) return refused(io, "read", page);
  const newest = ((await page.json()) as { messages: WireMessage[] }).messages.at(-1);
  if (newest === undefined) {
    io.out("no messages yet");
    return 0;
  }
  const response = await fetch(new URL(deviceReadEndpoint.path, call.base), {
    method: deviceReadEndpoint.method,
    headers: { ...call.headers, "content-type": "application/json" },
    body: JSON.stringify({ seq: newest.seq }),
  });
  if (!response.ok) return refused(io, "read", response);
  io.out(`read up to ${((await response.json()) as { last_read_seq: number }).last_read_seq}`);
  return 0;
};

/** Reads one connection's events, printing messages; answers the last event id seen. */
const readStream = async (response: Response, io: ChatPatientIo, lastId: string | undefined): Promise<string | undefined> => {
  let last = lastId;
  if (response.body === null) return last;
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of response.body) {
    buffer += decoder.decode(chunk as Uint8Array, { stream: true }).replaceAll("\r\n", "\n");
    for (let end = buffer.indexOf("\n\n"); end !== -1; end = buffer.indexOf("\n\n")) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const fields = new Map(block.split("\n").filter((line) => !line.startsWith(":") && line.includes(":")).map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()] as const));
      const id = fields.get("id");
      if (id !== undefined) last = id;
      const data = fields.get("data");
      if ((fields.get("event") ?? "message") === CHAT_EVENT.message && data !== undefined) io.out(messageLine(JSON.parse(data) as WireMessage));
    }
  }
  return last;
};

/** The stream until the signal ends it; a dropped connection is opened again after the last event seen (Last-Event-ID). */
const listen = async (call: Call, io: ChatPatientIo, from: string | undefined): Promise<number> => {
  let lastId = from;
  // A function, so each look reads the signal anew (TypeScript would narrow a repeated property read).
  const stopped = (): boolean => io.signal?.aborted === true;
  while (!stopped()) {
    try {
      const response = await fetch(new URL(deviceStreamEndpoint.path, call.base), {
        headers: { ...call.headers, accept: "text/event-stream", ...(lastId === undefined ? {} : { "last-event-id": lastId }) },
        signal: io.signal ?? null,
      });
      if (!response.ok) return refused(io, "listen", response);
      lastId = await readStream(response, io, lastId);
    } catch (error) {
      if (stopped()) break;
      io.err(`stream dropped (${error instanceof Error ? error.message : String(error)}); reconnecting`);
    }
    if (!stopped()) await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  return 0;
};

const OPTIONS = {
  base: { type: "string" },
  token: { type: "string" },
  "token-file": { type: "string" },
  "api-key": { type: "string" },
  "last-event-id": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

/** The script itself, run by chat-patient-cli.ts and by its test; answers the exit status. */
export const chatPatient = async (argv: readonly string[], io: ChatPatientIo): Promise<number> => {
  const usage = (message: string): number => {
    io.err(`${message}\n\n${CHAT_PATIENT_HELP}`);
    return 2;
  };
  let parsed;
  try {
    parsed = parseArgs({ args: joinOptionValues(argv, OPTIONS), allowPositionals: true, options: OPTIONS });
  } catch (error) {
    return usage(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help === true) {
    io.out(CHAT_PATIENT_HELP);
    return 0;
  }
  const env = io.env ?? {};
  const [command, ...rest] = positionals;
  if ((values.token === undefined) === (values["token-file"] === undefined)) return usage("Give the device token with --token or --token-file (one of them).");
  const token = values.token ?? (await readFile(values["token-file"] ?? "", "utf8")).split(/\r?\n/)[0]?.trim() ?? "";
  const base = values.base ?? `http://localhost:${env["PORT"] ?? "3000"}`;
  if (!URL.canParse(base)) return usage(`--base ${base} is not a URL.`);
  const call: Call = { base, headers: { "x-api-key": values["api-key"] ?? env["API_KEY"] ?? DEFAULT_API_KEY, authorization: `Device ${token}` } };
  const lastEventId = values["last-event-id"];
  if (lastEventId !== undefined && !/^\d+$/.test(lastEventId)) return usage("--last-event-id is a whole number.");
  const chosen = (): (() => Promise<number>) | undefined => {
    if (command === "say" && rest.length === 1) return () => say(call, io, rest[0] ?? "");
    if (command === "listen" && rest.length === 0) return () => listen(call, io, lastEventId);
    if (command === "read" && rest.length === 0) return () => read(call, io);
    return undefined;
  };
  const run = chosen();
  if (run === undefined) return usage('Name one command: say "text", listen or read.');
  try {
    return await run();
  } catch (error) {
    // The portal not reached (not running, a wrong --base): one line, not a stack trace.
    io.err(`${base} not reached: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
};
