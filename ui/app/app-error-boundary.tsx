import { Component, type ErrorInfo, type ReactNode } from "react";
import { ERROR_MESSAGES } from "../../domain/shared/error-catalogue.ts";
import { Button } from "../kit/button.tsx";
import { CHUNK_FAILURE_MESSAGE, isChunkFailure } from "./chunk-failure.ts";
import * as styles from "./app-error-boundary.css.ts";

type Props = { children: ReactNode; onReload?: () => void };
type State = { error: unknown };

/** Status and message to show for anything thrown while rendering. */
export function describeError(error: unknown): { status: number; message: string } {
  const fallback = { status: 500, message: ERROR_MESSAGES.ERROR_001 };
  const text = typeof error === "object" && error !== null ? (error as { message?: unknown }).message : undefined;
  if (typeof text === "string" && isChunkFailure(text)) return { ...fallback, message: CHUNK_FAILURE_MESSAGE };
  if (typeof error !== "object" || error === null) {
    return typeof error === "string" && error.length > 0 ? { ...fallback, message: error } : fallback;
  }
  const record = error as { status?: unknown; statusCode?: unknown; message?: unknown };
  const candidate = record.status ?? record.statusCode;
  const status = typeof candidate === "number" && Number.isInteger(candidate) && candidate >= 400 && candidate <= 599
    ? candidate
    : fallback.status;
  const message = typeof record.message === "string" && record.message.length > 0 ? record.message : fallback.message;
  return { status, message };
}

/** A stable ref callback (called once as the heading mounts), so a re-render does not move the focus back. */
const focusOnShow = (element: HTMLElement | null): void => element?.focus();

function reloadPage() {
  window.location.reload();
}

// The spec's router fallback screen (section 8): React only catches render errors in a class
// component, so this is the one class in ui/. A reload is the honest recovery: the state that
// threw is gone, and the server data comes back fresh.
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error(ERROR_MESSAGES.ERROR_001) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    document.title = "Unexpected Application Error!";
    // Kept in the console for whoever reproduces the problem; no patient data is rendered here.
    console.error("Unexpected application error", error, info.componentStack);
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    const { status, message } = describeError(this.state.error);
    return (
      <main className={styles.page}>
        {/* The heading takes the focus as the screen shows: the page that threw took the focus
            with it, which would fall to the body, where a screen reader says nothing. */}
        <h1 ref={focusOnShow} tabIndex={-1} className={styles.heading}>
          Unexpected Application Error!
        </h1>
        <p className={styles.status}>{status}</p>
        <p className={styles.message}>{message}</p>
        <Button variant="primary" onPress={this.props.onReload ?? reloadPage}>
          Reload
        </Button>
      </main>
    );
  }
}
