import type { ReactNode } from "react";
import { type QueryState, QueryStatus } from "../kit/query-status.tsx";
import * as page from "../shell/content-page.css.ts";
import * as styles from "./record.css.ts";

// The frame every record page (a patient, an SLP, an administrator, an institution) is built of:
// the heading while the record loads, the heading with what stands beside it, the facts, and the
// section that edits the record in place.

/** The page before its record is in: the kind of record as heading, and the query's state. */
export function RecordLoading({ noun, query, loading }: { readonly noun: string; readonly query: QueryState; readonly loading: string }) {
  return (
    <div className={page.page}>
      <h1 className={page.heading}>{noun}</h1>
      <QueryStatus query={query} loading={loading} status="" busy={query.isPending} />
    </div>
  );
}

/** The record's name as the page heading, with its status beside it. */
export function RecordHeader({ name, children }: { readonly name: string; readonly children?: ReactNode }) {
  return (
    <div className={styles.header}>
      <h1 className={page.heading}>{name}</h1>
      {children}
    </div>
  );
}

/** One fact of the record: its term and its value (`lines` keeps the line breaks typed into it). */
export function RecordFact({ term, lines = false, children }: { readonly term: string; readonly lines?: boolean; readonly children: ReactNode }) {
  return (
    <>
      <dt className={styles.term}>{term}</dt>
      <dd className={lines ? `${styles.detail} ${styles.lines}` : styles.detail}>{children}</dd>
    </>
  );
}

/** The section that takes the record's place while it is edited, headed "Edit <name>". */
export function RecordEditing({ name, children }: { readonly name: string; readonly children: ReactNode }) {
  return (
    <section className={page.section} aria-labelledby="edit-heading">
      <h2 id="edit-heading" className={page.subheading}>
        Edit {name}
      </h2>
      {children}
    </section>
  );
}
