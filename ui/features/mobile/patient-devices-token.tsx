import { useId, useState } from "react";
import type { IssuedDevice } from "../../../domain/mobile/index.ts";
import { Button } from "../../kit/button.tsx";
import { StatusMessage } from "../../kit/status-message.tsx";
import { TextField } from "../../kit/text-field.tsx";
import * as styles from "./patient-devices.css.ts";

type CopyOutcome = "idle" | "copied" | "failed";

const COPY_STATUS: Readonly<Record<CopyOutcome, string>> = {
  idle: "",
  copied: "Token copied.",
  failed: "Copying is not available here. Select the token and copy it, or type it into the app.",
};

// The token of a device just connected, shown this once: the portal keeps only its hash, so it
// cannot be shown again. The read-only field takes the focus (its whole text selected), and Done
// is the only way on, so nobody closes it by accident with Escape.
export function PatientDeviceToken({ device, onDone }: { readonly device: IssuedDevice; readonly onDone: () => void }) {
  const [copy, setCopy] = useState<CopyOutcome>("idle");
  const headingId = useId();

  const copyToken = () => {
    const clipboard = typeof navigator === "undefined" ? undefined : navigator.clipboard;
    if (clipboard === undefined) {
      setCopy("failed");
      return;
    }
    clipboard.writeText(device.token).then(
      () => setCopy("copied"),
      () => setCopy("failed"),
    );
  };

  return (
    <div className={styles.card} role="group" aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.cardHeading}>
        {device.label} is connected
      </h3>
      <p className={styles.warning}>This token will not be shown again.</p>
      <p className={styles.note}>Enter it in the exercise app on the patient's device now. If it is lost, revoke this device and connect it again.</p>
      <TextField
        label="Device token"
        description="Read-only. It will not be shown again."
        value={device.token}
        isReadOnly
        autoFocus
        autoComplete="off"
        spellCheck="false"
        onFocus={(event) => {
          if (event.target instanceof HTMLInputElement) event.target.select();
        }}
      />
      <div className={styles.buttons}>
        <Button onPress={copyToken}>Copy token</Button>
        <Button variant="secondary" onPress={onDone}>
          Done
        </Button>
      </div>
      <StatusMessage>{COPY_STATUS[copy]}</StatusMessage>
    </div>
  );
}
