import * as Option from "effect/Option";
import * as Schema from "effect/Schema";
import { idFromUrl } from "../wire/query-string.ts";

const RouteId = idFromUrl(Schema.Int);
const decodeRouteId = Schema.decodeUnknownOption(RouteId);

/** A record id in an address is a positive whole number in one spelling; anything else names no record. */
export const routeId = (raw: string | undefined): number | null => Option.getOrNull(decodeRouteId(raw));
