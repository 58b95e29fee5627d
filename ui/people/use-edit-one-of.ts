import { useCallback, useEffect, useRef, useState } from "react";

/** Which record of a list is open in its form ("new" for a new one), and the ways to switch. */
export type EditOneOf<K> = { readonly editing: K | null; readonly open: (key: K, opener: HTMLElement | null) => void; readonly close: () => void };

// A list of records edited in place one at a time (a patient's goals): Edit opens that record's
// form, "Add" a new one, a save or Cancel closes it. Closing gives the focus back to the control
// that opened the form once it is in the document again, so a keyboard user carries on from there.
export function useEditOneOf<K>(): EditOneOf<K> {
  const [editing, setEditing] = useState<K | null>(null);
  const opener = useRef<string | null>(null);
  const returning = useRef(false);
  useEffect(() => {
    if (editing !== null || !returning.current) return;
    returning.current = false;
    const id = opener.current;
    if (id !== null) document.getElementById(id)?.focus();
  }, [editing]);
  const open = useCallback((key: K, from: HTMLElement | null) => {
    opener.current = from?.id === undefined || from.id === "" ? null : from.id;
    setEditing(key);
  }, []);
  const close = useCallback(() => {
    returning.current = true;
    setEditing(null);
  }, []);
  return { editing, open, close };
}
