import * as Result from "effect/Result";
import * as Schema from "effect/Schema";
import type * as SchemaIssue from "effect/SchemaIssue";
import { catalogueMessage, type ErrorCode } from "../error-catalogue.ts";
import { fail, succeed, type Failure, type Result as DomainResult } from "../result.ts";
import { holdsForbiddenCharacter } from "./text-fields.ts";

/**
 * Catalogue codes a request field fails with instead of the generic ERROR_056, so the server
 * answers e.g. ERROR_019 for a malformed OTP. Keys are dotted field paths without array indices
 * (`allowed_domains`, not `allowed_domains.2`).
 */
export type FieldCodes = Readonly<
  Record<string, { readonly missing?: ErrorCode; readonly invalid?: ErrorCode }>
>;

type FirstLeaf = { readonly path: ReadonlyArray<PropertyKey>; readonly missing: boolean };

// The issue tree nests pointers, composites and unions; the person fixing the input needs the
// first concrete problem and where it sits, not the whole tree.
const firstLeaf = (issue: SchemaIssue.Issue, path: ReadonlyArray<PropertyKey>): FirstLeaf => {
  switch (issue._tag) {
    case "Pointer":
      return firstLeaf(issue.issue, [...path, ...issue.path]);
    case "Filter":
    case "Encoding":
      return firstLeaf(issue.issue, path);
    case "Composite":
      return firstLeaf(issue.issues[0], path);
    case "AnyOf": {
      const first = issue.issues[0];
      return first === undefined ? { path, missing: false } : firstLeaf(first, path);
    }
    default:
      return { path, missing: issue._tag === "MissingKey" };
  }
};

const fieldName = (path: ReadonlyArray<PropertyKey>): string | undefined =>
  path.length === 0 ? undefined : path.map(String).join(".");

const codeKey = (path: ReadonlyArray<PropertyKey>): string =>
  path.filter((segment) => typeof segment === "string").join(".");

const invalidField = (issue: SchemaIssue.Issue, codes: FieldCodes): Failure => {
  const leaf = firstLeaf(issue, []);
  if (!leaf.missing) return failureAt(leaf.path, codes);
  const field = fieldName(leaf.path);
  const code = codes[codeKey(leaf.path)]?.missing ?? "ERROR_056";
  const placeholders = field === undefined ? {} : { field_name: field };
  const message = catalogueMessage(code, placeholders);
  return field === undefined ? fail(code, message) : fail(code, message, { field, placeholders });
};

const failureAt = (path: ReadonlyArray<PropertyKey>, codes: FieldCodes): Failure => {
  const field = fieldName(path);
  const code = codes[codeKey(path)]?.invalid ?? "ERROR_056";
  const placeholders = field === undefined ? {} : { field_name: field };
  const message = catalogueMessage(code, placeholders);
  return field === undefined ? fail(code, message) : fail(code, message, { field, placeholders });
};

type Visit = { readonly value: unknown; readonly key: PropertyKey | undefined; readonly parent: Visit | undefined };

const pathOf = (visit: Visit | undefined): ReadonlyArray<PropertyKey> => {
  const path: PropertyKey[] = [];
  for (let at = visit; at?.key !== undefined; at = at.parent) path.unshift(at.key);
  return path;
};

/**
 * Where the input first holds a character no field may hold (docs/validation.md), in a value or
 * a key, whatever the schema says; undefined when nowhere. Iterative, so a deeply nested body
 * cannot exhaust the stack. A bad key is reported at the object holding it.
 */
const forbiddenCharacterAt = (input: unknown): ReadonlyArray<PropertyKey> | undefined => {
  const stack: Visit[] = [{ value: input, key: undefined, parent: undefined }];
  for (let visit = stack.pop(); visit !== undefined; visit = stack.pop()) {
    const { value } = visit;
    if (typeof value === "string") {
      if (holdsForbiddenCharacter(value)) return pathOf(visit);
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) stack.push({ value: value[index], key: index, parent: visit });
    } else if (typeof value === "object" && value !== null) {
      const entries = Object.entries(value);
      if (entries.some(([key]) => holdsForbiddenCharacter(key))) return pathOf(visit);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, item] = entries[index] ?? [];
        if (key !== undefined) stack.push({ value: item, key, parent: visit });
      }
    }
  }
  return undefined;
};

const notDecodable = (): Failure => fail("ERROR_056", catalogueMessage("ERROR_056"));

const decodeWith = <S extends Schema.ConstraintDecoder<unknown>>(
  schema: S,
  onExcessProperty: "error" | "ignore",
  codes: FieldCodes,
) => {
  // Built once per schema: every request decodes its query, params or body with it.
  const decoder = Schema.decodeUnknownResult(schema, { onExcessProperty });
  return (input: unknown): DomainResult<S["Type"]> => {
    // Decoding guards a trust boundary: whatever arrives (hostile proxies, odd prototypes) must
    // come back as a failure value, never as an exception that skips the error catalogue.
    try {
      const decoded = decoder(input);
      return Result.isSuccess(decoded)
        ? succeed(decoded.success)
        : invalidField(decoded.failure.issue, codes);
    } catch {
      return notDecodable();
    }
  };
};

/**
 * Request bodies, queries and route params: any unknown field is refused (ERROR_056 on the first
 * bad field), and so is a character no field may hold anywhere in the input, keys included,
 * even in a field whose schema forgot the text rule.
 */
export const decodeStrict = <S extends Schema.ConstraintDecoder<unknown>>(
  schema: S,
  codes: FieldCodes = {},
) => {
  const decode = decodeWith(schema, "error", codes);
  return (input: unknown): DomainResult<S["Type"]> => {
    const forbidden = forbiddenCharacterAt(input);
    return forbidden === undefined ? decode(input) : failureAt(forbidden, codes);
  };
};

/** Server responses: fields the client does not know yet are dropped, so a newer server never breaks it. */
export const decodeLenient = <S extends Schema.ConstraintDecoder<unknown>>(
  schema: S,
  codes: FieldCodes = {},
) => decodeWith(schema, "ignore", codes);

/** Typed values back to their wire form (query strings, JSON bodies); an invalid value is ERROR_056. */
export const encodeWire =
  <S extends Schema.ConstraintEncoder<unknown>>(schema: S) =>
  (value: S["Type"]): DomainResult<S["Encoded"]> => {
    try {
      const encoded = Schema.encodeUnknownResult(schema)(value);
      return Result.isSuccess(encoded)
        ? succeed(encoded.success)
        : invalidField(encoded.failure.issue, {});
    } catch {
      return notDecodable();
    }
  };
