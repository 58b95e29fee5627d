// What other features may use of the billing adapters (remote therapeutic monitoring, issue 24).
export type { DataDaysApi } from "./data-days-port.ts";
export { createDataDaysApi, dataDaysApiOf } from "./data-days-api.ts";
export type { TimeLogApi } from "./time-log-port.ts";
export { createTimeLogApi, timeLogApiOf } from "./time-log-api.ts";
export type { RtmListApi, RtmListAsk, RtmSlpOption } from "./rtm-list-port.ts";
export { createRtmListApi, rtmListApiOf } from "./rtm-list-api.ts";
export type { MonitoringFlagApi } from "./monitoring-flag-port.ts";
export { createMonitoringFlagApi, monitoringFlagApiOf } from "./monitoring-flag-api.ts";
export type { MonthCloseApi } from "./month-close-port.ts";
export { createMonthCloseApi, monthCloseApiOf } from "./month-close-api.ts";
