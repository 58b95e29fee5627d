import { assign, fromPromise, setup, type SnapshotFrom } from "xstate";

/** A form's text fields as typed (every field a string, as inputs hand them over). */
export type FormDraft = Readonly<Record<string, string>>;

/** Messages under the fields, by field name. */
export type FormErrors<F extends string> = Partial<Record<F, string>>;

/** The form's domain check: the value to send, or a message per field to fix. `now` comes with the submit (no clock in machines). */
export type FormCheck<D extends FormDraft, V, F extends string> = (draft: D, now: Date) => { readonly ok: true; readonly value: V } | { readonly ok: false; readonly errors: FormErrors<F> };

export type CreateFormContext<D extends FormDraft, F extends string> = {
  /** What is typed, from the form's defaults on. */
  readonly draft: D;
  /** What the check (or the server, naming a field) found to fix, shown until that field changes. */
  readonly errors: FormErrors<F>;
  /** Why the last submit failed when no field was named (the form shows it as an alert). */
  readonly failure: unknown;
};

export type CreateFormEvent<D extends FormDraft> =
  | { readonly type: "form.change"; readonly field: keyof D & string; readonly value: string }
  | { readonly type: "form.submit"; readonly now: Date };

/** What `submitForm` is given: the checked value and the draft it came from. */
export type SubmitFormInput<D extends FormDraft, V> = { readonly draft: D; readonly value: V };

export type CreateFormOptions<D extends FormDraft, V, F extends string> = {
  /** The machine's id (it names the diagram's root). */
  readonly id: string;
  /** The domain's check of the draft, the one the server makes too. */
  readonly check: FormCheck<D, V, F>;
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
};

const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/** A refusal the server pinned on a field: its wire name and the catalogue's message (an adapter's ApiFailure has both). */
const namedField = (error: unknown): { readonly field: string; readonly message: string } | null =>
  typeof error === "object" && error !== null && "field" in error && "message" in error && typeof error.field === "string" && typeof error.message === "string"
    ? { field: error.field, message: error.message }
    : null;

/**
 * `fieldOfFailure` from a lookup of the server's field name (with the draft sent) to the form's: a
 * refusal naming a field the lookup knows goes under that field; any other is the whole form's.
 */
export const fieldOfRefusalBy =
  <F extends string, D extends FormDraft = FormDraft>(formFieldOf: (serverField: string, draft: D) => F | null) =>
  (error: unknown, draft: D): { readonly field: F; readonly message: string } | null => {
    const named = namedField(error);
    const field = named === null ? null : formFieldOf(named.field, draft);
    return named === null || field === null ? null : { field, message: named.message };
  };

/**
 * `fieldOfFailure` from a table of the server's field names to the form's: a refusal naming a
 * field the table knows goes under that field; any other (a stale version, a locked month) is the
 * whole form's.
 */
export const fieldOfRefusal = <F extends string>(formFieldOf: Readonly<Record<string, F>>) => fieldOfRefusalBy<F>((serverField) => formFieldOf[serverField] ?? null);

/**
 * A form that creates something (or sends one change) in one call: the fields as typed from the
 * form's defaults (input), checked by the domain before any call, then `submitForm`, which the page
 * provides. A refusal naming a field puts its message under that field; any other refusal keeps
 * everything typed with the reason. One submit at a time; once it went through the form is done
 * and the page closes it.
 */
export const createCreateFormMachine = <D extends FormDraft, V, F extends string, R = unknown>({ id, check, fieldOfFailure, settles = Object.is }: CreateFormOptions<D, V, F>) =>
  setup({
    types: {
      context: {} as CreateFormContext<D, F> & { readonly value: V | null; readonly created: R | null },
      events: {} as CreateFormEvent<D>,
      input: {} as { readonly draft: D },
    },
    actors: {
      // Provided by the page; the placeholder fails loudly.
      submitForm: fromPromise<R, SubmitFormInput<D, V>>(() => Promise.reject(new Error(`${id} actor "submitForm" was not provided`))),
    },
    guards: {
      draftIsValid: ({ context, event }) => event.type === "form.submit" && check(context.draft, event.now).ok,
    },
    actions: {
      change: assign(({ context, event }) => {
        if (event.type !== "form.change") return {};
        const kept = Object.entries(context.errors).filter(([field]) => !settles(event.field, field as F));
        return { draft: { ...context.draft, [event.field]: event.value }, errors: Object.fromEntries(kept) as FormErrors<F> };
      }),
      showErrors: assign(({ context, event }) => {
        if (event.type !== "form.submit") return {};
        const checked = check(context.draft, event.now);
        return { errors: checked.ok ? {} : checked.errors, failure: null };
      }),
      takeValue: assign(({ context, event }) => {
        if (event.type !== "form.submit") return {};
        const checked = check(context.draft, event.now);
        return checked.ok ? { value: checked.value, errors: {}, failure: null } : {};
      }),
      rememberRefusal: assign(({ context }, error: unknown) => {
        const named = fieldOfFailure(error, context.draft);
        return named === null ? { failure: error ?? null } : { errors: { [named.field]: named.message } as FormErrors<F> };
      }),
      rememberCreated: assign((_, created: R) => ({ created })),
    },
  }).createMachine({
    id,
    context: ({ input }) => ({ draft: input.draft, errors: {}, failure: null, value: null, created: null }),
    initial: "filling",
    states: {
      filling: {
        on: {
          "form.change": { actions: "change" },
          "form.submit": [{ guard: "draftIsValid", target: "submitting", actions: "takeValue" }, { actions: "showErrors" }],
        },
      },
      submitting: {
        invoke: {
          id: "submitForm",
          src: "submitForm",
          input: ({ context }) => {
            if (context.value === null) throw new Error(`${id}: submitting without a checked value`);
            return { draft: context.draft, value: context.value };
          },
          onDone: { target: "done", actions: { type: "rememberCreated", params: ({ event }) => event.output } },
          onError: { target: "filling", actions: { type: "rememberRefusal", params: errorOf } },
        },
      },
      done: { type: "final" },
    },
  });

export type CreateFormMachine<D extends FormDraft, V, F extends string, R = unknown> = ReturnType<typeof createCreateFormMachine<D, V, F, R>>;
export type CreateFormSnapshot<D extends FormDraft, V, F extends string, R = unknown> = SnapshotFrom<CreateFormMachine<D, V, F, R>>;
