// What other features may use of the billing adapters (remote therapeutic monitoring, issue 24).
export { createDataDaysApi, dataDaysApiOf, type DataDaysApi } from "./data-days-api.ts";
export { createTimeLogApi, timeLogApiOf, type TimeLogApi } from "./time-log-api.ts";
export { createRtmListApi, rtmListApiOf, type RtmListApi, type RtmListAsk, type RtmSlpOption } from "./rtm-list-api.ts";
export { createMonitoringFlagApi, monitoringFlagApiOf, type MonitoringFlagApi } from "./monitoring-flag-api.ts";
export { createMonthCloseApi, monthCloseApiOf, type MonthCloseApi } from "./month-close-api.ts";
