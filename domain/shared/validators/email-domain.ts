import { catalogueMessage } from "../error-catalogue.ts";
import { fail, succeed, type Result } from "../result.ts";
import { normaliseDomain } from "./domain-name.ts";

/** The domain of an address: what follows its last @, lower-cased ("" when there is none). */
export const emailDomainOf = (email: string): string => {
  const at = email.lastIndexOf("@");
  return at < 0 ? "" : normaliseDomain(email.slice(at + 1));
};

/**
 * Which code refuses an address outside the institution's domains: an administrator's is
 * ERROR_020 ("The email domain is not allowed"), an SLP's ERROR_022 ("The email does not belong
 * to the institution"), as docs/administration.md records.
 */
export type OutsideDomainCode = "ERROR_020" | "ERROR_022";

/**
 * A person's address must be at one of the institution's allowed domains exactly (a subdomain is
 * another organisation's mail server); an institution without allowed domains accepts any address.
 */
export const checkEmailInDomains = (email: string, allowedDomains: readonly string[], code: OutsideDomainCode): Result<string> => {
  if (allowedDomains.length === 0) return succeed(email);
  const domain = emailDomainOf(email);
  return allowedDomains.some((allowed) => normaliseDomain(allowed) === domain)
    ? succeed(email)
    : fail(code, catalogueMessage(code), { field: "email" });
};
