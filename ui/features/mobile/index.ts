// The mobile feature's UI (docs/ui-patient-devices.md): the patient record's section that pairs
// and revokes the devices of the patients' exercise app. The record loads it lazily, through here.
export { PatientDevicesSection } from "./patient-devices-section.tsx";
