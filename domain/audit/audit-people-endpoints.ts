import { endpoint } from "../shared/wire/endpoint.ts";
import { AuditPeople, AuditPeopleQuery } from "./audit-people-wire.ts";

/** GET audit/people/: the people the caller's audit log may name, by name (or one by id), for the person filter. */
export const auditPeopleEndpoint = endpoint({ method: "GET", path: "/api/audit/people/", query: AuditPeopleQuery, answer: AuditPeople });
