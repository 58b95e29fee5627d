import { accountingEndpoint, disclosureCreateEndpoint } from "../../domain/audit/disclosure-endpoints.ts";
import type { Disclosure, DisclosureAccounting, DisclosureBody } from "../../domain/audit/disclosure-wire.ts";
import type { PatientId } from "../../domain/shared/ids.ts";
import type { ApiClient } from "../shared/api-client.ts";
import { perClient } from "../shared/per-client.ts";

// The accounting of disclosures' calls (issue 38), beside their one (HTTP) implementation.

/** Every call rejects with an ApiFailure. */
export type DisclosureApi = {
  /** A patient's accounting of disclosures, six years back. */
  readonly accounting: (patient: PatientId, signal?: AbortSignal) => Promise<DisclosureAccounting>;
  readonly recordDisclosure: (body: DisclosureBody) => Promise<Disclosure>;
};

export const createDisclosureApi = (client: ApiClient): DisclosureApi => ({
  accounting: (patient, signal) => client.call(accountingEndpoint, { query: { patient }, signal }),
  recordDisclosure: (body) => client.call(disclosureCreateEndpoint, { body }),
});

/** The register's calls of the app's client, made once, from the accounting's lazy page. */
export const disclosureApiOf = perClient(createDisclosureApi);
