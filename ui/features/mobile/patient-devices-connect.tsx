import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { isApiFailure } from "../../../adapters/shared/api-failure.ts";
import { type IssuedDevice, validateDeviceLabel } from "../../../domain/mobile/index.ts";
import type { PatientId } from "../../../domain/shared/ids.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { Form } from "../../kit/form.tsx";
import { TextField } from "../../kit/text-field.tsx";
import { PatientDeviceToken } from "./patient-devices-token.tsx";
import { useIssueDevice, useRefreshPatient } from "./patient-devices-data.ts";
import * as styles from "./patient-devices.css.ts";

type Step = { readonly kind: "idle" } | { readonly kind: "form" } | { readonly kind: "issued"; readonly device: IssuedDevice };

type Focus = "opener" | "label" | null;

export type PatientDevicesConnectProps = {
  readonly patientId: PatientId;
  /** Says something in the section's polite live region. */
  readonly announce: (text: string) => void;
};

// "Connect a device": a label, then the device's token, shown this once in a read-only field that
// takes the focus. The token lives in this component's state only (never the query cache) and is
// gone once the person presses Done or leaves the page.
export function PatientDevicesConnect({ patientId, announce }: PatientDevicesConnectProps) {
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [label, setLabel] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const issue = useIssueDevice(patientId);
  const refreshPatient = useRefreshPatient(patientId);
  const headingId = useId();
  const opener = useRef<HTMLButtonElement>(null);
  const labelField = useRef<HTMLDivElement>(null);
  // Where the focus goes once the next render is on screen (the element it goes to is new in it).
  const focusNext = useRef<Focus>(null);
  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === "opener") opener.current?.focus();
    if (target === "label") labelField.current?.querySelector("input")?.focus();
  });

  const close = () => {
    focusNext.current = "opener";
    setStep({ kind: "idle" });
    setLabel("");
    setFieldError(null);
    setAlert(null);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (issue.isPending) return;
    const checked = validateDeviceLabel(label);
    if (!checked.ok) {
      setFieldError(checked.message);
      focusNext.current = "label";
      return;
    }
    setAlert(null);
    issue.mutateAsync(checked.value).then(
      (device) => {
        // Nothing else keeps the answer: the token is only in this step.
        issue.reset();
        setLabel("");
        setStep({ kind: "issued", device });
        announce(`${device.label} is connected. Its token is shown below, this once.`);
      },
      (error: unknown) => {
        if (isApiFailure(error) && error.field === "label") {
          setFieldError(error.message);
          focusNext.current = "label";
          return;
        }
        setAlert(failureMessage(error));
        // The patient was made inactive meanwhile: the record shows it, and the action goes away.
        if (isApiFailure(error) && error.code === "ERROR_050") refreshPatient();
      },
    );
  };

  if (step.kind === "issued") return <PatientDeviceToken device={step.device} onDone={close} />;

  if (step.kind === "idle") {
    return (
      <div className={styles.buttons}>
        <Button
          ref={opener}
          variant="secondary"
          onPress={() => {
            focusNext.current = "label";
            setStep({ kind: "form" });
          }}
        >
          Connect a device
        </Button>
      </div>
    );
  }

  return (
    <div className={styles.card} role="group" aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.cardHeading}>
        Connect a device
      </h3>
      <Alert>{alert}</Alert>
      <Form onSubmit={submit} validationBehavior="aria">
        <div ref={labelField}>
          <TextField
            label="Device label"
            name="label"
            isRequired
            autoComplete="off"
            description="A name you will recognise in this list, such as “Margaret's tablet”."
            value={label}
            onChange={(value) => {
              setLabel(value);
              setFieldError(null);
            }}
            isInvalid={fieldError !== null}
            {...(fieldError === null ? {} : { errorMessage: fieldError })}
          />
        </div>
        <div className={styles.buttons}>
          <Button type="submit" isPending={issue.isPending}>
            Connect
          </Button>
          <Button variant="secondary" isDisabled={issue.isPending} onPress={close}>
            Cancel
          </Button>
        </div>
      </Form>
    </div>
  );
}

