/**
 * The scripts' arguments with each `--name VALUE` of a string option written `--name=VALUE`, for
 * node's parseArgs: it refuses a separate value that starts with a dash as ambiguous, and one
 * device token in 64 does (base64url), so `--token -Xy…` failed as a usage error (found when a
 * fresh-clone run paired such a device for `npm run chat-patient`). A value is never an option there.
 */
export const joinOptionValues = (argv: readonly string[], options: Readonly<Record<string, { readonly type: "string" | "boolean" }>>): string[] => {
  const valued = new Set(Object.entries(options).flatMap(([name, option]) => (option.type === "string" ? [`--${name}`] : [])));
  const joined: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? "";
    const value = argv[index + 1];
    if (valued.has(arg) && value !== undefined) {
      joined.push(`${arg}=${value}`);
      index += 1;
    } else joined.push(arg);
  }
  return joined;
};
