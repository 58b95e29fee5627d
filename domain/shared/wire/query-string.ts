import * as Schema from "effect/Schema";
import * as SchemaTransformation from "effect/SchemaTransformation";

// Fifteen digits at most keeps every value a safe integer; leading zeros are refused so each number
// has exactly one spelling in a URL.
const PositiveDigits = Schema.String.check(
  Schema.isPattern(/^[1-9][0-9]{0,14}$/, { expected: "a positive whole number" }),
);

const numberFromDigits = SchemaTransformation.transform({
  decode: (digits: string) => Number(digits),
  encode: (value: number) => String(value),
});

/** A positive whole number written in a URL ("2"), decoded to the given integer schema (an id, a page). */
export const positiveIntFromQuery = <S extends Schema.Codec<number>>(to: S) =>
  PositiveDigits.pipe(Schema.decodeTo(to, numberFromDigits));

/** A route parameter or query value naming a record by id (the API path patients/{id}/, the query ?staff_id=7). */
export const idFromUrl = <S extends Schema.Codec<number>>(id: S) => positiveIntFromQuery(id);

const BooleanWord = Schema.Literals(["true", "false"]);

/** 'true' / 'false' in a URL, decoded to a yes/no. */
export const BooleanFromQuery = BooleanWord.pipe(
  Schema.decodeTo(
    Schema.Boolean,
    SchemaTransformation.transform({
      decode: (word: "true" | "false") => word === "true",
      encode: (flag: boolean) => (flag ? "true" : "false"),
    }),
  ),
);

const isList = <A>(value: A | ReadonlyArray<A>): value is ReadonlyArray<A> => Array.isArray(value);

/**
 * A repeatable query key (`status=active&status=pending`): a URL gives one string for a single
 * occurrence and an array for several; both decode to a list.
 */
export const repeatedFromQuery = <S extends Schema.Top>(item: S) =>
  Schema.Union([item, Schema.Array(item)]).pipe(
    Schema.decodeTo(
      Schema.Array(Schema.toType(item)),
      SchemaTransformation.transform<ReadonlyArray<S["Type"]>, S["Type"] | ReadonlyArray<S["Type"]>>({
        decode: (value) => (isList(value) ? value : [value]),
        encode: (list) => list,
      }),
    ),
  );
