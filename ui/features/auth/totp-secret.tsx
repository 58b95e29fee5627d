import { useState } from "react";
import { Button } from "../../kit/button.tsx";
import { StatusMessage } from "../../kit/status-message.tsx";
import { secretGroups } from "./secret-groups.ts";
import * as styles from "./totp-secret.css.ts";

type CopyOutcome = "idle" | "copied" | "failed";

const COPY_STATUS: Readonly<Record<CopyOutcome, string>> = {
  idle: "",
  copied: "Setup key copied.",
  failed: "Copying is not available here. Select the key and copy it, or type it into your app.",
};

// For people who cannot scan the QR code (a screen reader, the app on the same phone): the same
// secret as text, grouped for typing, with a copy button that copies it without the spaces.
export function TotpSecret({ secret }: { secret: string }) {
  const [outcome, setOutcome] = useState<CopyOutcome>("idle");

  const copy = () => {
    const clipboard = typeof navigator === "undefined" ? undefined : navigator.clipboard;
    if (clipboard === undefined) {
      setOutcome("failed");
      return;
    }
    clipboard.writeText(secret).then(
      () => setOutcome("copied"),
      () => setOutcome("failed"),
    );
  };

  return (
    <div className={styles.block}>
      <p>Can't scan the code? Enter this setup key in your app instead:</p>
      <code className={styles.secret}>{secretGroups(secret)}</code>
      <div>
        <Button variant="secondary" onPress={copy}>
          Copy setup key
        </Button>
      </div>
      <StatusMessage>{COPY_STATUS[outcome]}</StatusMessage>
    </div>
  );
}
