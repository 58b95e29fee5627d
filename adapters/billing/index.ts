// What other features may use of the billing adapters (remote therapeutic monitoring, issue 24).
export type { DataDaysApi } from "./data-days-port.ts";
export { createDataDaysApi, dataDaysApiOf } from "./data-days-api.ts";
