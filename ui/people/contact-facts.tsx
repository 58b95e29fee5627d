import type { ContactInfo } from "../../domain/shared/wire/contact-info.ts";
import * as page from "../shell/content-page.css.ts";
import { RecordFact } from "./record-page.tsx";
import * as styles from "./record.css.ts";

const orNone = (text: string | null | undefined) => (text === null || text === undefined || text.trim() === "" ? "Not given" : text);

// A person's contact information as patients' and SLPs' records show it: every line named, a
// missing one said as "Not given" rather than left blank.
export function ContactFacts({ contact }: { readonly contact: ContactInfo }) {
  return (
    <section className={page.section} aria-labelledby="contact-heading">
      <h2 id="contact-heading" className={page.subheading}>
        Contact information
      </h2>
      <dl className={styles.facts}>
        <RecordFact term="Phone">{orNone(contact.phone)}</RecordFact>
        <RecordFact term="Address">{orNone([contact.address_1, contact.address_2].filter((line) => (line ?? "") !== "").join(", "))}</RecordFact>
        <RecordFact term="City">{orNone(contact.city?.name)}</RecordFact>
        <RecordFact term="State or province">{orNone(contact.state?.name)}</RecordFact>
        <RecordFact term="Country">{orNone(contact.country?.name)}</RecordFact>
        <RecordFact term="Postal code">{orNone(contact.zip_code)}</RecordFact>
      </dl>
    </section>
  );
}
