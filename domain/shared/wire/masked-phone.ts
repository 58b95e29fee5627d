import * as Schema from "effect/Schema";

/**
 * A phone number with every character but the last four replaced by '*' ("********4567", made by
 * `maskPhone` in format/phone.ts): enough for a person to recognise their number, useless to
 * anyone reading over a shoulder or a log. A user without a phone has null, never "".
 */
export const MaskedPhone = Schema.String.check(
  Schema.isPattern(/^\*+[0-9]{4}$/, { expected: "a phone number masked except its last 4 digits" }),
);
export type MaskedPhone = typeof MaskedPhone.Type;
