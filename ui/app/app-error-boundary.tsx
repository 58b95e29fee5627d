import { Component, type ErrorInfo, type ReactNode, useEffect, useRef } from "react";
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
    return <ErrorScreen error={this.state.error} onReload={this.props.onReload ?? reloadPage} />;
  }
}

/**
 * The screen itself. Its heading takes the focus as it shows: the page that threw is gone, and
 * with it whatever held the focus, which would otherwise fall to the document's body, where a
 * screen reader says nothing of what happened.
 */
function ErrorScreen({ error, onReload }: { readonly error: unknown; readonly onReload: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { status, message } = describeError(error);
  return (
    <main className={styles.page}>
      <h1 ref={heading} tabIndex={-1} className={styles.heading}>
        Unexpected Application Error!
      </h1>
      <p className={styles.status}>{status}</p>
      <p className={styles.message}>{message}</p>
      <Button variant="primary" onPress={onReload}>
        Reload
      </Button>
    </main>
  );
}
