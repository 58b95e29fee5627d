import { MFA_METHODS, type MfaMethod } from "../shared/wire/mfa-method.ts";

/**
 * When the default second factor is removed, the next default is the strongest remaining one:
 * an authenticator app (works offline, cannot be redirected), then SMS, then e-mail (the inbox
 * is often reachable with the same password).
 */
export const DEFAULT_PREFERENCE: readonly MfaMethod[] = ["app", "sms", "email"];

/** Human wording of the never-last rule, shown by the client and sent by the server. */
export const LAST_METHOD_DETAIL = "the last verification method cannot be removed";

const distinct = (methods: readonly MfaMethod[]): Set<MfaMethod> => new Set(methods);

/** A confirmed second factor may be removed only while another confirmed one remains: nobody is left without a second factor. */
export const canRemoveMfaMethod = (confirmed: readonly MfaMethod[], method: MfaMethod): boolean => {
  const have = distinct(confirmed);
  return have.has(method) && have.size > 1;
};

/**
 * The default second factor after removing one: unchanged while it remains, otherwise the
 * strongest remaining method (app, then SMS, then e-mail), or null when none remains.
 */
export const defaultAfterRemoval = (
  confirmed: readonly MfaMethod[],
  removed: MfaMethod,
  currentDefault: MfaMethod | null,
): MfaMethod | null => {
  const remaining = distinct(confirmed.filter((method) => method !== removed));
  if (currentDefault !== null && currentDefault !== removed && remaining.has(currentDefault)) return currentDefault;
  return DEFAULT_PREFERENCE.find((method) => remaining.has(method)) ?? null;
};

/** The second factors a person can still add: every method not yet confirmed, in the catalogue's order (email, sms, app). */
export const addableMfaMethods = (confirmed: readonly MfaMethod[]): MfaMethod[] => {
  const have = distinct(confirmed);
  return MFA_METHODS.filter((method) => !have.has(method));
};

/**
 * While text-message verification is on, the profile phone stays as it is: SMS codes must keep
 * going to the number the person proved they hold. To change or remove the number, SMS
 * verification is removed first (docs/account-settings.md).
 */
export const profilePhoneLockedBySms = (confirmed: readonly MfaMethod[]): boolean => distinct(confirmed).has("sms");
