import { catalogueMessage } from "../error-catalogue.ts";
import { fail, succeed, type Result } from "../result.ts";

const MAX_DOMAIN_LENGTH = 253;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
// The last label names a top-level domain: letters, or an internationalised one in punycode.
const TOP_LEVEL_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** A domain is written the way DNS compares it: trimmed and lower-case. */
export const normaliseDomain = (text: string): string => text.trim().toLowerCase();

/** A domain is two or more dot-separated labels of letters, digits and inner hyphens, ending in a real-looking top-level domain. */
export const isDomainName = (text: string): boolean => {
  if (text.length === 0 || text.length > MAX_DOMAIN_LENGTH) return false;
  const labels = text.split(".");
  const last = labels.at(-1) ?? "";
  return labels.length >= 2 && labels.every((label) => LABEL.test(label)) && TOP_LEVEL_LABEL.test(last);
};

/** An institution's allowed email domain must look like `example.org` (ERROR_023); no scheme, path, @ or port. */
export const validateDomain = (text: string): Result<string> => {
  const domain = normaliseDomain(text);
  return isDomainName(domain) ? succeed(domain) : fail("ERROR_023", catalogueMessage("ERROR_023"), { field: "allowed_domains" });
};
