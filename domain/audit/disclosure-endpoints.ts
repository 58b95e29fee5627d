import { endpoint } from "../shared/wire/endpoint.ts";
import { AccountingQuery, Disclosure, DisclosureAccounting, DisclosureBody } from "./disclosure-wire.ts";

// The accounting of disclosures' calls (HIPAA 164.528, issue 38, docs/audit.md), declared once for
// the server's routes and the adapter's calls; apart from the log's so the log's page loads none of it.

/** GET audit/disclosures/: one patient's accounting of disclosures, six years back. */
export const accountingEndpoint = endpoint({ method: "GET", path: "/api/audit/disclosures/", query: AccountingQuery, answer: DisclosureAccounting });

/** POST audit/disclosures/: records a disclosure of a patient's data in the register. */
export const disclosureCreateEndpoint = endpoint({ method: "POST", path: "/api/audit/disclosures/", body: DisclosureBody, answer: Disclosure });
