import type * as Schema from "effect/Schema";
import { type FieldCodes, decodeStrict } from "../../domain/wire/decode.ts";
import { type ApiFailure, fromDomainFailure } from "./api-failure.ts";

export type RequestPart = "body" | "query" | "params";
export type Decoded<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly failure: ApiFailure };

/**
 * Decodes one part of a request with the domain's strict decoder: a wrong type or an unknown
 * field is a 400 with the catalogue code of the first bad field (ERROR_056 unless `codes` says
 * otherwise). Nothing reaches a handler undecoded.
 */
export const decodeRequest = <S extends Schema.ConstraintDecoder<unknown>>(
  schema: S,
  part: RequestPart,
  codes: FieldCodes = {},
) => {
  const decode = decodeStrict(schema, codes);
  return (input: unknown): Decoded<S["Type"]> => {
    const result = decode(input);
    if (result.ok) return { ok: true, value: result.value };
    const where = result.field === undefined ? part : `${part}.${result.field.slice(0, 100)}`;
    return { ok: false, failure: fromDomainFailure(400, result, `invalid ${where}`) };
  };
};
