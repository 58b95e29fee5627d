import { useState } from "react";
import { ADMINISTRATOR_PAGE_SIZE } from "../../../domain/administrators/administrators-wire.ts";
import { hrefFor } from "../../../domain/routes.ts";
import type { InstitutionId } from "../../../domain/shared/ids.ts";
import { LinkButton } from "../../kit/link.tsx";
import { Pager } from "../../kit/pager.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { AdministratorsTable } from "./administrators-table.tsx";
import { useAdministratorList } from "./use-administrators.ts";
import * as styles from "./administrators.css.ts";
import { countOf, NOUNS } from "../../../domain/shared/format/plural.ts";

export type InstitutionAdministratorsProps = {
  readonly institutionId: InstitutionId;
  readonly institutionName: string;
  /** Whether the viewer may invite administrators (shows "New administrator"). */
  readonly canCreate: boolean;
};

// An institution's administrators on its page: five to a page, each with their status and a link
// to their record, and "New administrator". The page number is the section's own (the address
// belongs to the institution).
export function InstitutionAdministrators({ institutionId, institutionName, canCreate }: InstitutionAdministratorsProps) {
  const [page, setPage] = useState(1);
  const query = useAdministratorList({ institution: institutionId, page, page_size: ADMINISTRATOR_PAGE_SIZE });
  const data = query.data;
  const busy = query.isPending || query.isPlaceholderData;
  return (
    <section className={styles.section} aria-labelledby="institution-administrators-heading">
      <div className={styles.header}>
        <h2 id="institution-administrators-heading" className={styles.subheading}>
          Administrators
        </h2>
        {canCreate ? <LinkButton href={hrefFor("create-admin", { organizationId: institutionId })}>New administrator</LinkButton> : null}
      </div>
      <QueryStatus
        query={query}
        loading="Loading administrators…"
        status={busy || data === undefined ? "" : countOf(data.count, NOUNS.administrator)}
        busy={busy}
      />
      {data === undefined ? null : (
        <>
          <AdministratorsTable caption={`Administrators of ${institutionName}`} rows={data.results} busy={query.isPlaceholderData} empty="This institution has no administrators yet." />
          <Pager label="Administrator pages" page={data.current_page} totalPages={data.total_pages} isLoading={query.isPlaceholderData} onPage={setPage} />
        </>
      )}
    </section>
  );
}
