import { useEffect, useRef, useState, type PointerEvent } from "react";
import {
  Button,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastRegion as AriaToastRegion,
  type QueuedToast,
} from "react-aria-components";
import { TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from "./toast-constants.ts";
import { toastQueue, type ToastContent as ToastMessage } from "./toast-queue.ts";
import * as styles from "./toast-region.css.ts";

/** A horizontal drag to the right further than the threshold dismisses a toast (spec section 9). */
export const isDismissingSwipe = (deltaX: number): boolean => deltaX > TOAST_SWIPE_THRESHOLD_PX;

// The one toast region of the app, mounted once in app.tsx. React Aria pauses the timers while the
// region is hovered or focused and returns focus to where it was when the toast closes.
export function ToastRegion() {
  const regionRef = useRef<HTMLDivElement>(null);

  // F8 (spec section 9) jumps to the toast from anywhere, so a keyboard user can read or close it.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY) return;
      const target = regionRef.current?.querySelector<HTMLElement>("[role='alertdialog']");
      if (target === null || target === undefined) return;
      event.preventDefault();
      target.focus();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <AriaToastRegion queue={toastQueue} ref={regionRef} className={styles.region} aria-label="Notifications">
      {({ toast }) => <ToastItem toast={toast} />}
    </AriaToastRegion>
  );
}

function ToastItem({ toast }: { toast: QueuedToast<ToastMessage> }) {
  const { title, description, variant } = toast.content;
  const start = useRef<{ x: number; pointerId: number } | null>(null);
  const [offset, setOffset] = useState(0);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // A press on the close button is a press, not the start of a swipe.
    if (event.target instanceof Element && event.target.closest("button") !== null) return;
    start.current = { x: event.clientX, pointerId: event.pointerId };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current?.pointerId !== event.pointerId) return;
    // Only rightward movement follows the pointer: the swipe dismisses to the right.
    setOffset(Math.max(0, event.clientX - start.current.x));
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current?.pointerId !== event.pointerId) return;
    const deltaX = event.clientX - start.current.x;
    start.current = null;
    setOffset(0);
    if (event.type === "pointerup" && isDismissingSwipe(deltaX)) toastQueue.close(toast.key);
  };
  // React Aria's Toast takes no key handler, so Escape is heard on its element directly; it also
  // reaches the toast when focus is on its close button.
  const toastRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = toastRef.current;
    if (element === null) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.stopPropagation();
      toastQueue.close(toast.key);
    };
    element.addEventListener("keydown", onKeyDown);
    return () => element.removeEventListener("keydown", onKeyDown);
  }, [toast.key]);

  return (
    <Toast
      ref={toastRef}
      toast={toast}
      className={styles.toast[variant]}
      data-variant={variant}
      style={offset === 0 ? undefined : { transform: `translateX(${offset}px)` }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      {/* Destructive news interrupts (assertive alert); anything else waits its turn (polite status). */}
      <ToastContent className={styles.content} role={variant === "destructive" ? "alert" : "status"}>
        <Text slot="title" className={styles.title}>
          {title}
        </Text>
        {description === undefined ? null : (
          <Text slot="description" className={styles.description}>
            {description}
          </Text>
        )}
      </ToastContent>
      <Button slot="close" className={styles.close} aria-label="Close notification">
        <span aria-hidden="true">×</span>
      </Button>
    </Toast>
  );
}
