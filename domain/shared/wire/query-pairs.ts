/**
 * An address query as its key and value pairs, in order, keys repeating (what URLSearchParams
 * holds). The domain reads and writes queries this way because it runs without the DOM's URL
 * classes; the UI turns pairs into URLSearchParams and back.
 */
export type QueryPairs = readonly (readonly [string, string])[];

const decode = (text: string): string => {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    // A broken escape ("%E0%A4%A") reads as written rather than failing the whole address.
    return text;
  }
};

/** "?a=1&b=x+y&a=2" to [["a","1"],["b","x y"],["a","2"]], the way URLSearchParams parses it. */
export const parseQueryString = (query: string): QueryPairs =>
  query
    .replace(/^\?/, "")
    .split("&")
    .filter((part) => part !== "")
    .map((part) => {
      const equals = part.indexOf("=");
      return equals === -1 ? ([decode(part), ""] as const) : ([decode(part.slice(0, equals)), decode(part.slice(equals + 1))] as const);
    });

/** The pairs as a query string (without "?"), each part percent-encoded. */
export const formatQueryString = (pairs: QueryPairs): string =>
  pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join("&");
