/**
 * Work that must reach the server while the session still holds its token, run by a sign-out
 * (the person's, or the idle sign-off) before the credentials are cleared: the work timer's
 * unlogged minutes. A task that fails or hangs never keeps anyone signed in: the sign-out goes on
 * after BEFORE_SIGN_OUT_LIMIT_MS whatever the tasks did.
 */
export const BEFORE_SIGN_OUT_LIMIT_MS = 8_000;

const tasks = new Set<() => Promise<void>>();

/** Adds a task (the same function once however often it is added); returns its removal. */
export function onBeforeSignOut(task: () => Promise<void>): () => void {
  tasks.add(task);
  return () => {
    tasks.delete(task);
  };
}

/** Runs every task at once and resolves when all have settled, or at the limit. */
export async function runBeforeSignOut(limitMs: number = BEFORE_SIGN_OUT_LIMIT_MS): Promise<void> {
  if (tasks.size === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, limitMs);
  });
  await Promise.race([Promise.allSettled([...tasks].map((task) => task())), limit]);
  clearTimeout(timer);
}
