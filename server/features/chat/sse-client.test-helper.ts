import { expect } from "vitest";

/** One server-sent event as a client reads it. */
export type ReadEvent = { readonly id: number | undefined; readonly event: string; readonly data: unknown; readonly at: number };

/**
 * A stream reader as the portal's would be (fetch with the Authorization header, never a token in
 * the URL): it collects the events it reads; `cut` drops the connection; `closed` resolves when the
 * server ends it.
 */
export const openSse = async (url: string, headers: Record<string, string>) => {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: "text/event-stream", ...headers }, signal: controller.signal });
  const events: ReadEvent[] = [];
  const waiters: Array<() => void> = [];
  let buffer = "";
  const decoder = new TextDecoder();
  const closed = (async () => {
    if (response.body === null) return;
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf("\n\n");
          const fields = new Map(block.split("\n").filter((line) => !line.startsWith(":")).map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()] as const));
          const data = fields.get("data");
          if (data === undefined) continue;
          const id = fields.get("id");
          events.push({ id: id === undefined ? undefined : Number(id), event: fields.get("event") ?? "message", data: JSON.parse(data) as unknown, at: performance.now() });
          for (const wake of waiters.splice(0)) wake();
        }
      }
    } catch {
      // A cut (abort) or a reset ends the read.
    }
  })();
  const waitFor = async (check: () => boolean, timeoutMs: number): Promise<void> => {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`stream: condition not met in ${timeoutMs} ms (${events.length} events)`);
      await Promise.race([new Promise<void>((resolve) => waiters.push(resolve)), new Promise((resolve) => setTimeout(resolve, 100))]);
    }
  };
  return { status: response.status, events, closed, waitFor, cut: () => controller.abort() };
};

/** The p-th percentile of the values (nearest rank). */
export const percentile = (values: readonly number[], p: number): number => {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
};

/**
 * Reconnects with Last-Event-ID and checks the promise: exactly the missed messages arrive
 * (their stream sequences `missed`, bodies "missed 0", "missed 1", …), in order, none twice.
 */
export const expectExactlyTheMissed = async (url: string, headers: Record<string, string>, lastSeen: number, missed: readonly number[]): Promise<void> => {
  const back = await openSse(url, { ...headers, "last-event-id": String(lastSeen) });
  expect(back.status).toBe(200);
  await back.waitFor(() => back.events.length >= missed.length, 60_000);
  // Anything extra would arrive right behind: wait a little before counting.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const ids = back.events.filter((event) => event.event === "message").map((event) => event.id);
  expect(ids).toEqual(missed);
  expect(back.events.map((event) => (event.data as { body: string }).body)).toEqual(missed.map((_, i) => `missed ${i}`));
  back.cut();
  await back.closed;
};
