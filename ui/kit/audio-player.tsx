import { useEffect, useRef, useState } from "react";
import { TableButton } from "./table-button.tsx";
import * as styles from "./audio-player.css.ts";

export type AudioPlayerProps = {
  readonly url: string;
  /** What is played, for the button's name: "Response audio, attempt 2". */
  readonly label: string;
};

type PlayState = "stopped" | "playing" | "paused" | "failed";
const STATE_TEXT: Readonly<Record<PlayState, string>> = { stopped: "", playing: "Playing", paused: "Paused", failed: "This recording could not be played" };

// One Play/Pause button instead of the browser's native controls: those differ between browsers
// and some screen readers announce them as unlabelled sliders. The button says what it plays,
// Enter or Space toggles it, and the state is said in words beside it. The <audio> element is
// created on the first press (and then plays at once): a media element is costly to create, and a
// table of attempts holds one player per recording.
export function AudioPlayer({ url, label }: AudioPlayerProps) {
  const audio = useRef<HTMLAudioElement>(null);
  const [started, setStarted] = useState(false);
  const [state, setState] = useState<PlayState>("stopped");
  useEffect(() => {
    const element = audio.current;
    return () => element?.pause();
  }, [started]);
  const toggle = () => {
    const element = audio.current;
    if (element === null) {
      setStarted(true);
    } else if (element.paused) {
      element.play().catch(() => setState("failed"));
    } else {
      element.pause();
    }
  };
  return (
    <span className={styles.player}>
      <TableButton onClick={toggle} aria-label={`${state === "playing" ? "Pause" : "Play"} ${label}`}>
        <span aria-hidden="true">{state === "playing" ? "❚❚" : "▶"}</span>
        {state === "playing" ? "Pause" : "Play"}
      </TableButton>
      <span className={styles.state} aria-live="polite">
        {STATE_TEXT[state]}
      </span>
      {started ? (
        <audio
          ref={audio}
          src={url}
          autoPlay
          onPlay={() => setState("playing")}
          onPause={() => setState((current) => (current === "failed" ? current : "paused"))}
          onEnded={() => setState("stopped")}
          onError={() => setState("failed")}
        />
      ) : null}
    </span>
  );
}
