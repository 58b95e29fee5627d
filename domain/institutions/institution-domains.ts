import { catalogueMessage } from "../shared/error-catalogue.ts";
import { fail, succeed, type Failure, type Result } from "../shared/result.ts";
import { normaliseDomain, validateDomain } from "../shared/validators/domain-name.ts";

/** An institution's allowed domains: blank entries are dropped, each must be a valid domain (ERROR_023), and none may appear twice in any letter case (ERROR_031). */
export const validateAllowedDomains = (domains: readonly string[]): Result<readonly string[]> => {
  const accepted: string[] = [];
  for (const entry of domains) {
    if (normaliseDomain(entry).length === 0) continue;
    const domain = validateDomain(entry);
    if (!domain.ok) return domain;
    if (accepted.includes(domain.value)) {
      return fail("ERROR_031", catalogueMessage("ERROR_031", { field_name: "domain" }), {
        field: "allowed_domains",
        placeholders: { field_name: "domain" },
      });
    }
    accepted.push(domain.value);
  }
  return succeed(accepted);
};

/**
 * The failure of each allowed-domain entry, position by position, for a form that shows ERROR_023
 * beside the entry it belongs to (undefined for a good or blank entry; a repeat is ERROR_031).
 */
export const allowedDomainFailures = (domains: readonly string[]): readonly (Failure | undefined)[] => {
  const seen = new Set<string>();
  return domains.map((entry) => {
    if (normaliseDomain(entry).length === 0) return undefined;
    const domain = validateDomain(entry);
    if (!domain.ok) return domain;
    if (seen.has(domain.value)) {
      return fail("ERROR_031", catalogueMessage("ERROR_031", { field_name: "domain" }), { field: "allowed_domains", placeholders: { field_name: "domain" } });
    }
    seen.add(domain.value);
    return undefined;
  });
};
