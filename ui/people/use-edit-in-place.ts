import { useMemo, useState } from "react";

/** Whether a record page shows its edit section instead of the record, and the two ways to switch. */
export type EditInPlace = { readonly editing: boolean; readonly open: () => void; readonly close: () => void };

// A record page edits in place: Edit opens the section, a save or Cancel closes it. The callbacks
// stay the same across renders, so a page's "saved" callback built on them does too.
export function useEditInPlace(): EditInPlace {
  const [editing, setEditing] = useState(false);
  const switches = useMemo(() => ({ open: () => setEditing(true), close: () => setEditing(false) }), []);
  return { editing, ...switches };
}
