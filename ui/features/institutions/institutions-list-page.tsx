import { institutionAbilitiesOf } from "../../../domain/institutions/institution-abilities.ts";
import { useSearchParams } from "wouter";
import { INSTITUTION_PAGE_SIZE, type InstitutionListItem } from "../../../domain/institutions/index.ts";
import { hrefFor } from "../../../domain/routes.ts";
import { displayNames } from "../../../domain/shared/format/names.ts";
import { routeId } from "../../../domain/shared/navigation/route-id.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { DataTable, type DataColumn } from "../../kit/data-table.tsx";
import { Link, LinkButton } from "../../kit/link.tsx";
import { Pager } from "../../kit/pager.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { SearchBox } from "../../kit/search-box.tsx";
import { useAddressSearch } from "../../kit/use-address-search.ts";
import { useInstitutionList } from "./use-institutions.ts";
import * as styles from "./institutions.css.ts";
import { countMatching, countOf, NOUNS } from "../../../domain/shared/format/plural.ts";
import { visuallyHidden } from "../../kit/visually-hidden.css.ts";

/** Long enough to finish typing a name, short enough to feel immediate. */
export const INSTITUTION_SEARCH_DEBOUNCE_MS = 300;


// An institution's administrators as initials; a screen reader hears each full name instead.
function AdministratorAvatars({ row }: { readonly row: InstitutionListItem }) {
  if (row.administrators.length === 0) return <span className={styles.muted}>None yet</span>;
  return (
    <ul className={styles.avatars}>
      {row.administrators.map((administrator) => {
        const names = displayNames(administrator.first_name, administrator.last_name);
        return (
          <li key={administrator.id}>
            <span className={styles.avatar} aria-hidden="true">
              {administrator.initials}
            </span>
            <span className={visuallyHidden}>
              {names.firstName} {names.lastName}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

const COLUMNS: readonly DataColumn<InstitutionListItem>[] = [
  {
    key: "name",
    header: "Institution",
    isRowHeader: true,
    cell: (row) => <Link href={hrefFor("organization-detail", { organizationId: row.id })}>{row.name}</Link>,
  },
  { key: "members", header: "Members", numeric: true, cell: (row) => row.members_count },
  { key: "patients", header: "Patients", numeric: true, cell: (row) => row.mobile_users_count },
  { key: "administrators", header: "Administrators", cell: (row) => <AdministratorAvatars row={row} /> },
];

// /organizations (the super administrator's): every institution by name, searchable and paged.
// The address holds the search and the page, so Back, a reload and a shared link show the same list.
export function InstitutionsListPage({ user }: { readonly user: CurrentUser }) {
  const [params, setParams] = useSearchParams();
  const search = (params.get("search") ?? "").trim();
  const page = routeId(params.get("page") ?? undefined) ?? 1;
  const show = (next: { readonly search: string; readonly page: number }) => {
    const query = new URLSearchParams();
    if (next.search !== "") query.set("search", next.search);
    if (next.page > 1) query.set("page", String(next.page));
    setParams(query, { replace: true });
  };

  const [typed, setTyped] = useAddressSearch(search, (settled) => show({ search: settled, page: 1 }), INSTITUTION_SEARCH_DEBOUNCE_MS);

  const canCreate = institutionAbilitiesOf(user).create;
  const query = useInstitutionList({ page, page_size: INSTITUTION_PAGE_SIZE, ...(search === "" ? {} : { search }) });
  const data = query.data;
  const busy = query.isPending || query.isPlaceholderData;
  const count = data?.count ?? null;
  const status = busy || data === undefined ? "" : count === null ? `Page ${data.current_page} of ${Math.max(data.total_pages, 1)}` : search === "" ? countOf(count, NOUNS.institution) : `${countMatching(count, NOUNS.institution)} "${search}"`;

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.heading}>Institutions</h1>
        {canCreate ? <LinkButton href={hrefFor("create-organization", {})}>New institution</LinkButton> : null}
      </div>
      <search className={styles.filters} aria-label="Find institutions">
        <SearchBox label="Search by name" value={typed} onChange={setTyped} />
      </search>
      <QueryStatus query={query} loading="Loading institutions…" status={status} busy={busy} />
      {data === undefined ? null : (
        <>
          <DataTable
            caption="Institutions"
            columns={COLUMNS}
            rows={data.results}
            rowKey={(row) => row.id}
            busy={query.isPlaceholderData}
            empty={search === "" ? "There are no institutions yet." : "No institution matches this search."}
          />
          <Pager label="Institution pages" page={data.current_page} totalPages={data.total_pages} isLoading={query.isPlaceholderData} onPage={(next) => show({ search, page: next })} />
        </>
      )}
    </div>
  );
}
