import { useEffect, useRef } from "react";
import type { RecordRefusal } from "../../domain/shared/record-refusal.ts";
import { Link } from "../kit/link.tsx";
import * as styles from "./content-page.css.ts";

export type RecordUnavailableProps = {
  /** Why the record's read was refused (ui/data/retry-policy.ts recordRefusal). */
  readonly refusal: RecordRefusal;
  /** What the page shows, in the words of its heading: "institution", "administrator". */
  readonly noun: string;
  /** Where the person can go on from here. */
  readonly back: { readonly href: string; readonly label: string };
};

// A record page whose read was refused (issue 31 item 16): another institution's record (403) or
// none at all (404) is a clear page at once, in place of the record, with a way back; it offers no
// "Try again", which would only be refused again. Its heading takes the focus, so a screen reader
// says what happened and the keyboard goes on from there.
export function RecordUnavailable({ refusal, noun, back }: RecordUnavailableProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={styles.page}>
      <h1 ref={heading} tabIndex={-1} className={styles.heading}>
        {refusal === "forbidden" ? `You don't have access to this ${noun}` : "Not found"}
      </h1>
      <p className={styles.lead}>
        {refusal === "forbidden"
          ? `This ${noun} belongs to another institution, or your role does not include it. Ask your administrator if you need it.`
          : `There is no ${noun} at this address. It may have been removed, or the address may be mistyped.`}
      </p>
      <p>
        <Link href={back.href}>{back.label}</Link>
      </p>
    </div>
  );
}
