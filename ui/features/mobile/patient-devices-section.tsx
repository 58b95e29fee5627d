import { useEffect, useRef, useState } from "react";
import { type Device, type DeviceAbilities, deviceAbilities } from "../../../domain/mobile/index.ts";
import type { Patient } from "../../../domain/patients/index.ts";
import { formatDate, formatDateTime } from "../../../domain/shared/format/date.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { ConfirmationDialog } from "../../kit/confirmation-dialog.tsx";
import { type DataColumn, DataTable } from "../../kit/data-table.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { StatusMessage } from "../../kit/status-message.tsx";
import { PatientDevicesConnect } from "./patient-devices-connect.tsx";
import { usePatientDevices, useRevokeDevice } from "./patient-devices-data.ts";
import * as pageStyles from "../../shell/content-page.css.ts";
import * as styles from "./patient-devices.css.ts";
import { useDeferredQuery } from "../../kit/deferred-render.tsx";

export type PatientDevicesSectionProps = {
  readonly patient: Pick<Patient, "id" | "first_name" | "last_name" | "status">;
  /** Whether the viewer may edit the patient (patientAbilities): pairing follows it. */
  readonly canEdit: boolean;
};

// "Patient's app" on the patient record (docs/ui-patient-devices.md): the devices that send the
// patient's sessions, connecting one (its token shown once) and revoking one. Who sees and does
// what is domain/mobile/device-abilities.ts; a viewer the server does not list devices to sees
// nothing of it.
export function PatientDevicesSection({ patient, canEdit }: PatientDevicesSectionProps) {
  const abilities = deviceAbilities({ edit: canEdit }, patient.status);
  return abilities.see ? <DevicesSection patient={patient} abilities={abilities} /> : null;
}

function DevicesSection({ patient, abilities }: { readonly patient: PatientDevicesSectionProps["patient"]; readonly abilities: DeviceAbilities }) {
  const devices = useDeferredQuery(usePatientDevices(patient.id, true));
  const revoke = useRevokeDevice(patient.id);
  const [asking, setAsking] = useState<Device | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [revokeFailure, setRevokeFailure] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // After a revocation the button that opened the dialog is gone (the row says "Revoked"), so the
  // focus goes to the section's heading once the dialog has closed, instead of to the page's body.
  const focusHeading = useRef(false);
  useEffect(() => {
    if (!focusHeading.current || asking !== null) return;
    focusHeading.current = false;
    heading.current?.focus();
  });
  const name = `${patient.first_name} ${patient.last_name}`;

  const confirmRevoke = () => {
    if (asking === null || revoke.isPending) return;
    const device = asking;
    setRevokeFailure(null);
    revoke.mutateAsync(device.id).then(
      () => {
        focusHeading.current = true;
        setAsking(null);
        setAnnouncement(`${device.label} was revoked. Its token no longer works.`);
      },
      (error: unknown) => {
        setAsking(null);
        setRevokeFailure(`Could not revoke ${device.label}. ${failureMessage(error)}`);
      },
    );
  };

  const columns: DataColumn<Device>[] = [
    { key: "label", header: "Device", isRowHeader: true, cell: (device) => device.label },
    { key: "created_at", header: "Connected on", cell: (device) => formatDate(device.created_at) },
    { key: "last_used_at", header: "Last used", cell: (device) => (device.last_used_at === null ? "Not yet" : formatDateTime(device.last_used_at)) },
    { key: "revoked_at", header: "Status", cell: (device) => (device.revoked_at === null ? "Active" : `Revoked on ${formatDate(device.revoked_at)}`) },
    ...(abilities.revoke
      ? [
          {
            key: "actions",
            header: "Actions",
            cell: (device: Device) =>
              device.revoked_at === null ? (
                <Button variant="secondary" aria-label={`Revoke ${device.label}`} onPress={() => setAsking(device)}>
                  Revoke
                </Button>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <section className={pageStyles.section} aria-labelledby="devices-heading">
      <h2 id="devices-heading" ref={heading} tabIndex={-1} className={pageStyles.subheading}>
        Patient's app
      </h2>
      <p className={pageStyles.lead}>The exercise app on the patient's phone or tablet sends their sessions once it is connected here with a device token.</p>
      {abilities.connect ? (
        <PatientDevicesConnect patientId={patient.id} announce={setAnnouncement} />
      ) : abilities.connectRefusal === null ? null : (
        <p className={pageStyles.lead}>{abilities.connectRefusal}</p>
      )}
      <Alert>{revokeFailure}</Alert>
      <div className={styles.listArea}>
        <QueryStatus query={devices} loading="Loading the devices…" status="" busy={devices.isFetching} />
        {devices.data === undefined ? null : devices.data.length === 0 ? (
          <p className={pageStyles.lead}>No device connected yet.</p>
        ) : (
          <DataTable caption={`${name}'s devices`} columns={columns} rows={devices.data} rowKey={(device) => device.id} busy={devices.isFetching} />
        )}
      </div>
      <StatusMessage>{announcement}</StatusMessage>
      <ConfirmationDialog
        isOpen={asking !== null}
        title={asking === null ? "" : `Revoke ${asking.label}?`}
        confirmLabel="Revoke device"
        destructive
        isPending={revoke.isPending}
        onConfirm={confirmRevoke}
        onCancel={() => setAsking(null)}
      >
        <p>The app on this device can no longer send {name}'s sessions. Sessions it already sent stay. To use the app there again, connect the device anew.</p>
      </ConfirmationDialog>
    </section>
  );
}
