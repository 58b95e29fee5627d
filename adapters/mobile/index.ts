// What other features may use of the mobile adapters: the patient record lists, issues and revokes devices.
export type { DevicesApi } from "./devices-port.ts";
export { createDevicesApi, devicesApiOf } from "./devices-api.ts";
