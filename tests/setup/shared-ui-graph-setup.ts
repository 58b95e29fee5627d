import { destroyAnnouncer } from "@react-aria/live-announcer";
import { afterAll, beforeAll } from "vitest";
import { clearToasts } from "../../ui/feedback/toast-queue.ts";

// For the "ui" project (vitest.config.ts), whose files share one module graph per worker while
// each gets a new document. Two things follow, and this file handles both.

/**
 * Every module of the UI but its entry, loaded before the first file's tests. The UI loads pages
 * and sections lazily (`import()`), and a file can end while one of those is still loading: in a
 * shared module graph the file's teardown cuts that load off, and the module stays broken for
 * every later file in the worker (vitest's EnvironmentTeardownError, seen with the billing
 * section). Loaded up front, once per worker, a lazy import finds its module ready.
 */
const UI_MODULES = import.meta.glob(["../../ui/**/*.{ts,tsx}", "!../../ui/main.tsx", "!../../ui/**/*.test.{ts,tsx}", "!../../ui/**/*.test-helper.{ts,tsx}"]);

beforeAll(async () => {
  if (typeof document === "undefined") return;
  await Promise.all(Object.values(UI_MODULES).map((load) => load()));
});

// What the UI keeps at module level outlives a file, so each file leaves it as the next one
// expects to find it: empty.
afterAll(() => {
  if (typeof document === "undefined") return;
  // The toast queue: a toast a file left (its 5 s timer still running) would show in the next
  // file's toast region.
  clearToasts();
  // React Aria's announcer holds its node in the document it was made in: left alone, the next
  // file's announcements would go to this file's gone document. Its destroy removes the node with
  // document.body.removeChild, which throws where a test already took the node out, so the body
  // tolerates that for the call.
  const body = document.body;
  body.removeChild = <T extends Node>(child: T): T => (child.parentNode === body ? Node.prototype.removeChild.call(body, child) : child) as T;
  try {
    destroyAnnouncer();
  } finally {
    delete (body as Partial<Pick<HTMLElement, "removeChild">>).removeChild;
  }
});
