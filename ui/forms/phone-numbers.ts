import { useEffect } from "react";
import type { PhoneNumbers, PhoneTools } from "../../domain/shared/validators/phone-rule.ts";
import { showToast } from "../feedback/toast-queue.ts";

// The phone-number library (libphonenumber-js, about 30 kB gzip) is code only a phone field needs,
// and four routes (a new patient, a new SLP, an SLP's record, Settings) used to download it before
// their heading (issue 35). A form with a phone field starts the download once it has rendered,
// and its submit waits for it (`usePhoneRule`): by the time anyone has filled in a form it is long
// there, so the wait is a promise already settled.

let loading: Promise<PhoneNumbers> | undefined;

/** The library's reading of a number, downloaded once; a failed download is tried again on the next call. */
export const loadPhoneNumbers = (): Promise<PhoneNumbers> => {
  if (loading === undefined) {
    const attempt = import("./phone-library.ts").then((module) => module.phoneNumbers);
    attempt.catch(() => {
      if (loading === attempt) loading = undefined;
    });
    loading = attempt;
  }
  return loading;
};

/**
 * Runs a phone form's submit with the phone rule. If the download failed (the connection dropped),
 * nothing is sent and everything typed stays; a toast says to submit again.
 */
export const withPhoneRule = (submit: (tools: PhoneTools) => void): Promise<void> =>
  loadPhoneNumbers().then(
    (phoneNumbers) => submit({ phoneNumbers }),
    () => {
      showToast({
        title: "The form could not be checked",
        description: "The phone number check did not load. Check the connection and submit again: nothing typed was lost.",
        variant: "destructive",
      });
    },
  );

/**
 * A phone form's submit with the phone rule (`withPhoneRule`), its download started after the form's
 * first commit so it never competes with the page's heading and is there long before a submit.
 */
export const usePhoneRule = (): typeof withPhoneRule => {
  useEffect(() => {
    loadPhoneNumbers().catch(() => undefined);
  }, []);
  return withPhoneRule;
};
