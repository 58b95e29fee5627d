import * as Schema from "effect/Schema";
import { fromPromise } from "xstate";
import {
  AddMfaAppResponse,
  type AddMfaBody,
  type ConfirmMfaBody,
  type DefaultMfaBody,
  type RemoveMfaBody,
  type SendStepUpCodeBody,
} from "../../domain/wire/account.ts";
import type { MfaMethod } from "../../domain/wire/mfa-method.ts";
import { CurrentUser } from "../../domain/wire/user.ts";

type Io = {
  startMfa: { input: AddMfaBody; output: AddMfaAppResponse | undefined };
  confirmMfa: { input: ConfirmMfaBody; output: CurrentUser };
  sendStepUpCode: { input: SendStepUpCodeBody; output: void };
  setDefaultMfa: { input: DefaultMfaBody; output: CurrentUser };
  removeMfa: { input: RemoveMfaBody; output: CurrentUser };
};
type ActorName = keyof Io;
type Answer<O> = { readonly ok: true; readonly value: O } | { readonly ok: false; readonly error: unknown };

/** The signed-in user's record with these second factors, decoded as the adapter would. */
export const userWith = (methods: readonly MfaMethod[], defaultMethod: MfaMethod | null = methods[0] ?? null): CurrentUser =>
  Schema.decodeUnknownSync(CurrentUser)({
    id: 12,
    email: "ann.lee@clinic.org",
    first_name: "Ann",
    last_name: "Lee",
    role: { id: 4, title: "Speech-language pathologist", code_name: "STAFF" },
    default_mfa_method: defaultMethod,
    mfa_methods: methods,
    phone: methods.includes("sms") ? "********2671" : null,
    permissions: {},
    institution: { id: 2, name: "Riverside Clinic" },
  });

/** What adding an authenticator app answers. */
export const appSecret = (): AddMfaAppResponse =>
  Schema.decodeUnknownSync(AddMfaAppResponse)({
    secret: "JBSWY3DPEHPK3PXP",
    url: "otpauth://totp/Portal:ann.lee%40clinic.org?secret=JBSWY3DPEHPK3PXP",
  });

/**
 * Fake account actors that answer only what a test scripted: a call without a scripted answer
 * is recorded as unexpected (and rejects), so the test's afterEach fails.
 */
export const createFakeAccount = () => {
  const answers: { [K in ActorName]: Array<Answer<Io[K]["output"]>> } = {
    startMfa: [],
    confirmMfa: [],
    sendStepUpCode: [],
    setDefaultMfa: [],
    removeMfa: [],
  };
  const calls: { [K in ActorName]: Array<Io[K]["input"]> } = {
    startMfa: [],
    confirmMfa: [],
    sendStepUpCode: [],
    setDefaultMfa: [],
    removeMfa: [],
  };
  const unexpected: string[] = [];

  const fake = <K extends ActorName>(name: K) =>
    fromPromise<Io[K]["output"], Io[K]["input"]>(async ({ input }) => {
      calls[name].push(input);
      const answer = answers[name].shift();
      if (answer === undefined) {
        unexpected.push(name);
        throw new Error(`unexpected call to ${name}`);
      }
      if (!answer.ok) throw answer.error;
      return answer.value;
    });

  return {
    calls,
    unexpected,
    actors: {
      startMfa: fake("startMfa"),
      confirmMfa: fake("confirmMfa"),
      sendStepUpCode: fake("sendStepUpCode"),
      setDefaultMfa: fake("setDefaultMfa"),
      removeMfa: fake("removeMfa"),
    },
    /** The next call of `name` resolves with `value`. */
    resolveNext: <K extends ActorName>(name: K, value: Io[K]["output"]) => {
      answers[name].push({ ok: true, value });
    },
    /** The next call of `name` rejects with `error`. */
    rejectNext: (name: ActorName, error: unknown) => {
      answers[name].push({ ok: false, error });
    },
    /** Scripted answers that were never used. */
    leftover: (): string[] => Object.entries(answers).flatMap(([name, queue]) => (queue.length > 0 ? [name] : [])),
  };
};
