/** A background pass the server runs on a timer, and how to stop it. */
export type PeriodicPass = {
  /** Aborted by stop(): a pass checks it between batches and ends early. */
  readonly signal: AbortSignal;
  /** No further pass starts; resolves once the pass in hand has finished, so the database can close after it. */
  readonly stop: () => Promise<void>;
};

/**
 * Runs `run` first after `firstMs`, then `everyMs` after each pass ends (passes never overlap).
 * The timer does not keep the process alive; a failed pass goes to `onError` and the next one
 * runs as planned. Shared by the background work of server/main.ts (rate-limit pruning, /rtm
 * statuses), so each only says what one pass does.
 */
export const startPeriodicPass = (options: {
  readonly firstMs: number;
  readonly everyMs: number;
  readonly run: (signal: AbortSignal) => Promise<unknown>;
  readonly onError: (error: unknown) => void;
}): PeriodicPass => {
  const { firstMs, everyMs, run, onError } = options;
  const controller = new AbortController();
  let running: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const schedule = (ms: number): void => {
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  const tick = (): void => {
    timer = null;
    running = run(controller.signal)
      .catch(onError)
      .finally(() => {
        running = null;
        if (!controller.signal.aborted) schedule(everyMs);
      });
  };
  schedule(firstMs);

  return {
    signal: controller.signal,
    stop: async () => {
      controller.abort();
      if (timer !== null) clearTimeout(timer);
      await running;
    },
  };
};
