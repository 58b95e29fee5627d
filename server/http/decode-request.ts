import type * as Schema from "effect/Schema";
import { type FieldCodes, decodeStrict } from "../../domain/shared/wire/decode.ts";
import { type ApiFailure, fromDomainFailure } from "./api-failure.ts";

export type RequestPart = "body" | "query" | "params";
export type Decoded<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly failure: ApiFailure };

/** What a route declares it decodes: which part of the request, with which schema. */
export type DeclaredDecoder = { readonly part: RequestPart; readonly schema: Schema.Top };

/** A decoder of one request part, carrying the schema it decodes with (read by tests/security/). */
export type RequestDecoder<A> = ((input: unknown) => Decoded<A>) & DeclaredDecoder;

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The decoders the route's handler runs on its body, query and params: declared so the route
     * list says what each call takes, and the text fuzzer (tests/security/) sends it just that.
     */
    decodes?: ReadonlyArray<DeclaredDecoder>;
  }
}

/**
 * Decodes one part of a request with the domain's strict decoder: a wrong type, an unknown field
 * or a character no field may hold (docs/validation.md) is a 400 with the catalogue code of the
 * first bad field (ERROR_056 unless `codes` says otherwise). Nothing reaches a handler undecoded.
 */
export const decodeRequest = <S extends Schema.ConstraintDecoder<unknown>>(
  schema: S,
  part: RequestPart,
  codes: FieldCodes = {},
): RequestDecoder<S["Type"]> => {
  const decode = decodeStrict(schema, codes);
  const decoder = (input: unknown): Decoded<S["Type"]> => {
    const result = decode(input);
    if (result.ok) return { ok: true, value: result.value };
    const where = result.field === undefined ? part : `${part}.${result.field.slice(0, 100)}`;
    return { ok: false, failure: fromDomainFailure(400, result, `invalid ${where}`) };
  };
  return Object.assign(decoder, { part, schema: schema as unknown as Schema.Top });
};
