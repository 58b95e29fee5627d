import { type RefObject, useCallback, useEffect, useRef } from "react";

// React Aria marks a field with a message as aria-invalid (text inputs) or data-invalid on its
// wrapper (a combo box's or date field's parts); the kit's native select carries aria-invalid
// itself: either way the first in the document's order is the one a person reads first and fixes first.
const INVALID =
  '[aria-invalid="true"]:not([type="hidden"]):not([aria-hidden="true"]), [data-invalid] input:not([type="hidden"]), [data-invalid] textarea, [data-invalid] button';

/** The first field inside `container` that shows an error, if any. */
export function firstInvalidField(container: ParentNode | null): HTMLElement | null {
  return container?.querySelector<HTMLElement>(INVALID) ?? null;
}

/** Moves the focus to the first field inside `container` that shows an error; true when there was one. */
export function focusFirstInvalid(container: ParentNode | null): boolean {
  const field = firstInvalidField(container);
  field?.focus();
  return field !== null;
}

/**
 * After a submit, the focus goes to the first field whose message appeared, never stays on the
 * submit button (a keyboard user would have to walk back through the form to find it). `arm` is
 * called on submit; each time `errors` changes while armed (checked on this submit or refused by
 * the server), the first invalid field takes the focus, once.
 */
export function useFocusFirstInvalid<T extends HTMLElement>(errors: unknown): { readonly ref: RefObject<T | null>; readonly arm: () => void } {
  const ref = useRef<T>(null);
  const armed = useRef(false);
  useEffect(() => {
    if (armed.current && focusFirstInvalid(ref.current)) armed.current = false;
  }, [errors]);
  const arm = useCallback(() => {
    armed.current = true;
  }, []);
  return { ref, arm };
}
