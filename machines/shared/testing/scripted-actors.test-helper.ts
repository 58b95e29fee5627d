import { fromPromise, type PromiseActorLogic } from "xstate";

/** Each actor's input and output: `{ login: { input: LoginInput; output: LoginOutcome }, ... }`. */
export type ActorIo = Record<string, { input: unknown; output: unknown }>;

type Answer<O> = { readonly ok: true; readonly value: O } | { readonly ok: false; readonly error: unknown };
type Queues<Io extends ActorIo, F extends "input" | "output"> = { [K in keyof Io]: Array<F extends "output" ? Answer<Io[K]["output"]> : Io[K]["input"]> };

/**
 * Promise actors that answer only what a test scripted (machine tests' fakes at the port): a call
 * without a scripted answer is recorded in `unexpected` and rejects, and `leftover()` names the
 * actors whose scripted answers were never used, so a test can fail on either.
 */
export const createScriptedActors = <Io extends ActorIo>(names: readonly (keyof Io & string)[]) => {
  const answers = {} as Queues<Io, "output">;
  const calls = {} as Queues<Io, "input">;
  const actors = {} as { [K in keyof Io]: PromiseActorLogic<Io[K]["output"], Io[K]["input"]> };
  const unexpected: string[] = [];

  const fake = <K extends keyof Io & string>(name: K) =>
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
  for (const name of names) {
    answers[name] = [];
    calls[name] = [];
    actors[name] = fake(name);
  }

  return {
    calls,
    unexpected,
    actors,
    /** The next call of `name` resolves with `value`. */
    resolveNext: <K extends keyof Io>(name: K, value: Io[K]["output"]) => {
      answers[name].push({ ok: true, value });
    },
    /** The next call of `name` rejects with `error`. */
    rejectNext: (name: keyof Io, error: unknown) => {
      answers[name].push({ ok: false, error });
    },
    /** Scripted answers that were never used. */
    leftover: (): string[] => names.filter((name) => answers[name].length > 0),
  };
};
