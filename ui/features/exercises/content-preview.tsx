import { useId, useLayoutEffect, useRef } from "react";
import type { ContentDownloadPort, DownloadProgress } from "../../../adapters/exercises/index.ts";
import type { ContentItemPreview } from "../../../domain/exercises/content-file.ts";
import { difficultyLabel } from "../../../domain/shared/format/difficulty-label.ts";
import type { Difficulty } from "../../../domain/shared/games/difficulty.ts";
import type { GameType } from "../../../domain/shared/games/game-type.ts";
import { Alert } from "../../kit/alert.tsx";
import { AudioPlayer } from "../../kit/audio-player.tsx";
import { Button } from "../../kit/button.tsx";
import { ImageDialogButton } from "../../kit/image-dialog-button.tsx";
import { StatusMessage } from "../../kit/status-message.tsx";
import { type PreviewState, useContentPreview } from "./use-exercises.ts";
import * as styles from "./exercises.css.ts";

export type ContentPreviewProps = {
  readonly download: ContentDownloadPort;
  readonly url: string;
  readonly gameName: string;
  readonly gameType: GameType;
  readonly difficulty: Difficulty;
};

const kilobytes = (bytes: number): string => `${Math.max(1, Math.round(bytes / 1024))} KB`;
const progressText = ({ loadedBytes, totalBytes }: DownloadProgress): string =>
  totalBytes === null ? `${kilobytes(loadedBytes)} downloaded` : `${kilobytes(loadedBytes)} of ${kilobytes(totalBytes)}`;

const statusOf = (state: PreviewState, items: string): string => {
  switch (state.kind) {
    case "downloading":
      return `Downloading the ${items} preview…`;
    case "cancelled":
      return "Download cancelled.";
    case "loaded":
      return `${state.file.items.length} ${state.file.items.length === 1 ? "item" : "items"} in the ${items} preview.`;
    default:
      return "";
  }
};

// One level's content, downloaded only when asked (a file per level, most never looked at): a
// progress bar named for what it downloads, Cancel while it runs, the spec's message and "Try again"
// when it fails, then the items. The keyboard focus follows the control that replaces the one
// pressed, so it never falls back to the top of the page.
export function ContentPreview({ download, url, gameName, gameType, difficulty }: ContentPreviewProps) {
  const { state, start, cancel } = useContentPreview(download, url, gameType, difficulty);
  const levelName = `${gameName}, ${difficultyLabel(difficulty)}`;
  const progressId = useId();
  const itemsHeadingId = useId();
  const container = useRef<HTMLDivElement>(null);
  const acted = useRef(false);

  // A layout effect: the focus moves in the same commit that removes the pressed control.
  useLayoutEffect(() => {
    const root = container.current;
    if (!acted.current || root === null) return;
    const active = document.activeElement;
    if (active !== null && active !== document.body && !root.contains(active)) return;
    const target = root.querySelector<HTMLElement>("[data-preview-focus]");
    target?.focus();
  }, [state.kind]);

  const act = (action: () => void) => () => {
    acted.current = true;
    action();
  };

  return (
    <div ref={container} className={styles.section}>
      <StatusMessage busy={state.kind === "downloading"}>{statusOf(state, levelName)}</StatusMessage>
      <Alert>{state.kind === "failed" ? state.message : null}</Alert>
      {state.kind === "downloading" ? (
        <div className={styles.progressRow}>
          <label htmlFor={progressId}>Downloading {levelName}</label>
          <progress
            id={progressId}
            className={styles.progress}
            max={state.progress.totalBytes ?? undefined}
            value={state.progress.totalBytes === null ? undefined : state.progress.loadedBytes}
            aria-valuetext={progressText(state.progress)}
          />
          <span aria-hidden="true">{progressText(state.progress)}</span>
          <Button variant="secondary" onPress={act(cancel)} data-preview-focus aria-label={`Cancel the ${levelName} download`}>
            Cancel
          </Button>
        </div>
      ) : state.kind === "loaded" ? null : (
        <div className={styles.toolbar}>
          <Button variant="secondary" onPress={act(start)} data-preview-focus aria-label={`${state.kind === "failed" ? "Try again" : "Preview"}: ${levelName}`}>
            {state.kind === "failed" ? "Try again" : "Preview"}
          </Button>
        </div>
      )}
      {state.kind === "loaded" ? (
        <section aria-labelledby={itemsHeadingId} className={styles.section}>
          <h4 id={itemsHeadingId} tabIndex={-1} data-preview-focus className={styles.levelHeading}>
            Preview: {levelName}
          </h4>
          {state.file.items.length === 0 ? <p className={styles.muted}>This file has no items.</p> : <PreviewItems items={state.file.items} />}
        </section>
      ) : null}
    </div>
  );
}

function PreviewItems({ items }: { readonly items: readonly ContentItemPreview[] }) {
  return (
    <ol className={styles.itemList}>
      {items.map((item, index) => (
        <li key={index} className={styles.item}>
          <p className={styles.prompt}>{item.prompt}</p>
          {item.details.length === 0 ? null : (
            <dl className={styles.details}>
              {item.details.map((detail, detailIndex) => (
                <div key={detailIndex} className={styles.detailRow}>
                  <dt>{detail.label}</dt>
                  <dd>{detail.text}</dd>
                </div>
              ))}
            </dl>
          )}
          {item.images.length === 0 && item.audio === null ? null : (
            <div className={styles.media}>
              {item.images.map((image, imageIndex) => (
                <ImageDialogButton key={imageIndex} url={image.url} alt={image.alt} />
              ))}
              {item.audio === null ? null : (
                <>
                  <AudioPlayer url={item.audio.url} label={`recording: ${item.audio.alt}`} />
                  <span>Recording: {item.audio.alt}</span>
                </>
              )}
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}
