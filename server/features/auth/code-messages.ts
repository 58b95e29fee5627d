import { AUTH_POLICY } from "../../auth/auth-policy.ts";

const minutes = AUTH_POLICY.codeLifetimeMs / 60_000;

/**
 * The sign-in code e-mail. The phrase "Your sign-in code is 123456" is a contract: people scan
 * for it, and end-to-end tests read the code from the development outbox with it.
 */
export const codeEmail = (code: string) => ({
  subject: "Your sign-in code",
  text: [
    `Your sign-in code is ${code}.`,
    "",
    `It expires in ${minutes} minutes and works once, only in the sign-in that asked for it.`,
    "If you did not try to sign in to the Speech Therapy Care Portal, change your password: someone knows it.",
  ].join("\n"),
});

export const codeSms = (code: string): string =>
  `Your sign-in code is ${code}. It expires in ${minutes} minutes. Never share it. - Speech Therapy Care Portal`;
