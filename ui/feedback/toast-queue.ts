/**
 * The application's single toast queue. Any module may call `showToast`; the region mounted once
 * in `ui/app/app.tsx` renders it. Spec section 9: one toast at a time, success is the default
 * variant, auto-close after 5000 ms.
 */
import { UNSTABLE_ToastQueue as ToastQueue } from "react-aria-components";
import { TOAST_MAX_VISIBLE, TOAST_TIMEOUT_MS } from "./toast-constants.ts";

export type ToastVariant = "default" | "success" | "destructive";

export interface ToastContent {
  readonly title: string;
  readonly description?: string;
  readonly variant: ToastVariant;
}

export interface ShowToastInput {
  readonly title: string;
  readonly description?: string;
  readonly variant?: ToastVariant;
}

export const toastQueue = new ToastQueue<ToastContent>({ maxVisibleToasts: TOAST_MAX_VISIBLE });

/** Queues a toast; returns its key so a caller may close it early with `closeToast`. */
export function showToast(input: ShowToastInput): string {
  const content: ToastContent = {
    title: input.title,
    variant: input.variant ?? "success",
    ...(input.description === undefined ? {} : { description: input.description }),
  };
  return toastQueue.add(content, { timeout: TOAST_TIMEOUT_MS });
}

/** Closes one toast (e.g. when a swipe dismisses it). */
export function closeToast(key: string): void {
  toastQueue.close(key);
}

/** Removes every toast; tests use it to start clean. */
export function clearToasts(): void {
  toastQueue.clear();
}
