// The institution's time zone: an IANA name (America/New_York) whose calendar days are its
// remote-monitoring data days (issue 24). The list is the runtime's own (ICU), the same in the
// browser's combo box and in the server's check, so the screen offers only what the server takes.

/** Every IANA time zone name the runtime knows, sorted; empty when the runtime cannot list them. */
export const timeZoneNames = (): readonly string[] =>
  typeof Intl.supportedValuesOf === "function" ? [...Intl.supportedValuesOf("timeZone")].sort() : [];

/**
 * Whether a name is a time zone the runtime knows: on the runtime's list, or (an alias such as
 * "UTC" that some runtimes leave off the list) accepted by Intl.DateTimeFormat. An offset such as
 * "+01:00" is refused: PostgreSQL's pg_timezone_names (migration 0018's trigger) has no such name.
 */
export const isKnownTimeZone = (name: string): boolean => {
  if (name.length === 0 || name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  if (timeZoneNames().includes(name)) return true;
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
};
