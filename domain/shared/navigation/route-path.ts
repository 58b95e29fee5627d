/** Path patterns in wouter's form: literal segments and `:name` parameters, e.g. `/patient/:id`. */
export type RouteParams = Readonly<Record<string, string>>;

const segments = (path: string): string[] => path.split("/").filter((part) => part !== "");

/** The parameters of `path` when it matches `pattern` exactly (same number of segments), else null. */
export const matchPath = (pattern: string, path: string): RouteParams | null => {
  const want = segments(pattern);
  const have = segments(path.split(/[?#]/, 1)[0] ?? "");
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of want.entries()) {
    const actual = have[index] ?? "";
    if (part.startsWith(":")) params[part.slice(1)] = decodeURIComponent(actual);
    else if (part !== actual) return null;
  }
  return params;
};

/** The names of a pattern's parameters, in order. */
export const paramNames = (pattern: string): readonly string[] =>
  segments(pattern)
    .filter((part) => part.startsWith(":"))
    .map((part) => part.slice(1));

/** The address of a pattern with its parameters filled, or undefined while one is unknown. */
export const fillPath = (pattern: string, params: Readonly<Record<string, string | number | null | undefined>>): string | undefined => {
  const filled: string[] = [];
  for (const part of segments(pattern)) {
    if (!part.startsWith(":")) {
      filled.push(part);
      continue;
    }
    const value = params[part.slice(1)];
    if (value === null || value === undefined || value === "") return undefined;
    filled.push(encodeURIComponent(String(value)));
  }
  return `/${filled.join("/")}`;
};
