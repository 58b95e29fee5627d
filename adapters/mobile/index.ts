// What other features may use of the mobile adapters: the patient record lists, issues and revokes devices.
export { createDevicesApi, devicesApiOf, type DevicesApi } from "./devices-api.ts";
