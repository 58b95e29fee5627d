import { assign, fromPromise, setup, type SnapshotFrom } from "xstate";

/** A form's fields as typed: text as inputs hand it over, or what a picker chose (a place, a person). */
export type FormDraft = Readonly<Record<string, unknown>>;

/** Messages under the fields, by field name. */
export type FormErrors<F extends string> = Partial<Record<F, string>>;

/**
 * The form's domain check: the value to send, or a message per field to fix. `now` comes with the
 * submit (no clock in machines); `basis` is what the form was opened on (the record an edit changes);
 * `tools` are rules whose code the page loads on first use and sends with the submit (a phone
 * field's library, domain/shared/validators/phone-rule.ts).
 */
export type FormCheck<D extends FormDraft, V, F extends string, B = undefined, T = undefined> = (
  draft: D,
  now: Date,
  basis: B,
  tools: T | undefined,
) => { readonly ok: true; readonly value: V } | { readonly ok: false; readonly errors: FormErrors<F> };

export type CreateFormContext<D extends FormDraft, F extends string, B = undefined> = {
  /** What is typed, from the form's defaults on. */
  readonly draft: D;
  /** What the check (or the server, naming a field) found to fix, shown until that field changes. */
  readonly errors: FormErrors<F>;
  /** Why the last submit failed when no field was named (the form shows it as an alert). */
  readonly failure: unknown;
  /** What the form was opened on (the record an edit changes, the institution's domains); undefined for a form of defaults. */
  readonly basis: B;
  /** Whether the last submit had nothing to send (an edit that changes nothing): the form says so, nothing is called. */
  readonly unchanged: boolean;
};

/** A field's new value (a text, a picked place); `V` with `form.send`, a value the page made itself (Remove phone number). */
export type CreateFormEvent<D extends FormDraft, V = unknown, T = undefined> =
  | { readonly type: "form.change"; readonly field: keyof D & string; readonly value: D[keyof D & string] }
  | { readonly type: "form.submit"; readonly now: Date; readonly tools?: T }
  | { readonly type: "form.send"; readonly value: V };

/** What `submitForm` is given: the checked value, the draft it came from and what the form was opened on. */
export type SubmitFormInput<D extends FormDraft, V, B = undefined> = { readonly draft: D; readonly value: V; readonly basis: B };

/** The form's input: its first draft, and what it was opened on when the form has a basis. */
export type CreateFormInput<D extends FormDraft, B> = { readonly draft: D } & (undefined extends B ? { readonly basis?: B } : { readonly basis: B });

export type CreateFormOptions<D extends FormDraft, V, F extends string, R = unknown, B = undefined, T = undefined> = {
  /** The machine's id (it names the diagram's root). */
  readonly id: string;
  /** The domain's check of the draft, the one the server makes too. */
  readonly check: FormCheck<D, V, F, B, T>;
  /**
   * The field a refusal names (the server's `field` mapped to the form's), with its message; null for
   * a refusal of the whole form. It is given the draft that was sent, for a form whose server names
   * depend on it (an institution's domains are named by their place among the non-blank ones sent).
   */
  readonly fieldOfFailure: (error: unknown, draft: D) => { readonly field: F; readonly message: string } | null;
  /**
   * Whether a change of field `changed` settles the message shown on `field`; by default only its
   * own. A rule across fields says more (a repeated domain is fixed by editing either row).
   */
  readonly settles?: (changed: keyof D & string, field: F) => boolean;
  /** The draft after a change; by default the field takes the value. A rule may say more (a new country empties the state and city). */
  readonly edit?: (draft: D, field: keyof D & string, value: D[keyof D & string]) => D;
  /** Messages a change brings up as it is typed (a postal code against the chosen country); an undefined one clears its field's. */
  readonly asTyped?: (draft: D, changed: keyof D & string) => Partial<Record<F, string | undefined>>;
  /** Whether a checked value has nothing to send (an edit that changes nothing): then nothing is called and `unchanged` says so. */
  readonly unchanged?: (value: V) => boolean;
  /** For a form that stays open once sent (Settings' profile): the draft and basis it starts again from, given the answer. Without it the form is done. */
  readonly refill?: (created: R) => { readonly draft: D; readonly basis: B };
};

const setField = <D extends FormDraft>(draft: D, field: keyof D & string, value: D[keyof D & string]): D => ({ ...draft, [field]: value });

/** The messages with `changes` laid over them, an undefined one removed. */
const withMessages = <F extends string>(errors: FormErrors<F>, changes: Partial<Record<F, string | undefined>>): FormErrors<F> =>
  Object.fromEntries(Object.entries({ ...errors, ...changes }).filter(([, message]) => message !== undefined)) as FormErrors<F>;

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/**
 * A form that creates something (or sends one change) in one call: the fields as typed from the
 * form's defaults or the record it edits (input), checked by the domain before any call, then
 * `submitForm`, which the page provides. A refusal naming a field puts its message under that
 * field; any other refusal keeps everything typed with the reason. Typing goes on while a submit is
 * out (what was sent was checked at the submit). One submit at a time; once it went through the
 * form is done and the page closes it, or, with `refill`, starts again from the answer.
 */
export const createCreateFormMachine = <D extends FormDraft, V, F extends string, R = unknown, B = undefined, T = undefined>({
  id,
  check,
  fieldOfFailure,
  settles = Object.is,
  edit = setField,
  asTyped = () => ({}),
  unchanged = () => false,
  refill,
}: CreateFormOptions<D, V, F, R, B, T>) => {
  const checkSubmit = (context: CreateFormContext<D, F, B>, event: { readonly now: Date; readonly tools?: T }) =>
    check(context.draft, event.now, context.basis, event.tools);
  return setup({
    types: {
      context: {} as CreateFormContext<D, F, B> & { readonly value: V | null; readonly created: R | null },
      events: {} as CreateFormEvent<D, V, T>,
      input: {} as CreateFormInput<D, B>,
    },
    actors: {
      // Provided by the page; the placeholder fails loudly.
      submitForm: fromPromise<R, SubmitFormInput<D, V, B>>(() => Promise.reject(new Error(`${id} actor "submitForm" was not provided`))),
    },
    guards: {
      draftIsValid: ({ context, event }) => event.type === "form.submit" && checkSubmit(context, event).ok,
      nothingToSend: ({ context, event }) => {
        if (event.type !== "form.submit") return false;
        const checked = checkSubmit(context, event);
        return checked.ok && unchanged(checked.value);
      },
      staysOpen: () => refill !== undefined,
    },
    actions: {
      change: assign(({ context, event }) => {
        if (event.type !== "form.change") return {};
        const draft = edit(context.draft, event.field, event.value);
        const kept = Object.entries(context.errors).filter(([field]) => !settles(event.field, field as F));
        return { draft, errors: withMessages(Object.fromEntries(kept) as FormErrors<F>, asTyped(draft, event.field)), unchanged: false };
      }),
      showErrors: assign(({ context, event }) => {
        if (event.type !== "form.submit") return {};
        const checked = checkSubmit(context, event);
        return { errors: checked.ok ? {} : checked.errors, failure: null, unchanged: false };
      }),
      noteUnchanged: assign({ errors: {}, failure: null, unchanged: true }),
      takeValue: assign(({ context, event }) => {
        if (event.type === "form.send") return { value: event.value, errors: {}, failure: null, unchanged: false };
        if (event.type !== "form.submit") return {};
        const checked = checkSubmit(context, event);
        return checked.ok ? { value: checked.value, errors: {}, failure: null, unchanged: false } : {};
      }),
      rememberRefusal: assign(({ context }, error: unknown) => {
        const named = fieldOfFailure(error, context.draft);
        return named === null ? { failure: error ?? null } : { errors: { [named.field]: named.message } as FormErrors<F> };
      }),
      rememberCreated: assign((_, created: R) => ({ created })),
      startAgain: assign(({ context }) => {
        const again = refill !== undefined && context.created !== null ? refill(context.created) : { draft: context.draft, basis: context.basis };
        return { draft: again.draft, basis: again.basis, errors: {}, failure: null, value: null };
      }),
    },
  }).createMachine({
    id,
    context: ({ input }) => ({ draft: input.draft, errors: {}, failure: null, basis: (input as { basis?: B }).basis as B, unchanged: false, value: null, created: null }),
    initial: "filling",
    states: {
      filling: {
        on: {
          "form.change": { actions: "change" },
          "form.submit": [{ guard: "nothingToSend", actions: "noteUnchanged" }, { guard: "draftIsValid", target: "submitting", actions: "takeValue" }, { actions: "showErrors" }],
          "form.send": { target: "submitting", actions: "takeValue" },
        },
      },
      submitting: {
        on: { "form.change": { actions: "change" } },
        invoke: {
          id: "submitForm",
          src: "submitForm",
          input: ({ context }) => {
            if (context.value === null) throw new Error(`${id}: submitting without a checked value`);
            return { draft: context.draft, value: context.value, basis: context.basis };
          },
          onDone: { target: "sent", actions: { type: "rememberCreated", params: ({ event }) => event.output } },
          onError: { target: "filling", actions: { type: "rememberRefusal", params: errorOf } },
        },
      },
      // The answer is in: a form that stays open starts again from it, any other is done.
      sent: { always: [{ guard: "staysOpen", target: "filling", actions: "startAgain" }, { target: "done" }] },
      done: { type: "final" },
    },
  });
};

export type CreateFormMachine<D extends FormDraft, V, F extends string, R = unknown, B = undefined, T = undefined> = ReturnType<
  typeof createCreateFormMachine<D, V, F, R, B, T>
>;
export type CreateFormSnapshot<D extends FormDraft, V, F extends string, R = unknown, B = undefined, T = undefined> = SnapshotFrom<
  CreateFormMachine<D, V, F, R, B, T>
>;
