import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useDebouncedValue } from "./use-debounced-value.ts";

/**
 * A search box whose settled text lives in the address (docs/ui.md: Back, a reload and a shared
 * link show the same list). Returns what the box shows and its setter.
 *
 * Why the last written text is remembered: the address catches up with a settled search a moment
 * after it was written, and by then the person may have typed on. Copying that late address back
 * into the box would throw the newer keys away ("zzz" became "zz"). Only an address that changed
 * on its own (Back, a link) replaces what is typed.
 */
export function useAddressSearch(addressSearch: string, write: (settled: string) => void, delayMs: number): readonly [string, (text: string) => void] {
  const [typed, setTyped] = useState(addressSearch);
  const settled = useDebouncedValue(typed.trim(), delayMs);
  const written = useRef(addressSearch);
  // The latest `write` (it closes over the page's current filters), without re-running on each render.
  const writeSettled = useEffectEvent((text: string) => write(text));
  useEffect(() => {
    if (settled === written.current) return;
    written.current = settled;
    writeSettled(settled);
  }, [settled]);
  useEffect(() => {
    if (addressSearch === written.current) return;
    written.current = addressSearch;
    setTyped(addressSearch);
  }, [addressSearch]);
  return [typed, setTyped] as const;
}
