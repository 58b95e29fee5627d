import { useSearchParams } from "wouter";
import { hrefFor } from "../../../domain/routes.ts";
import { slpAbilitiesOf } from "../../../domain/slps/slp-abilities.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { LinkButton } from "../../kit/link.tsx";
import { Pager } from "../../kit/pager.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { SearchBox } from "../../kit/search-box.tsx";
import { useAddressSearch } from "../../kit/use-address-search.ts";
import { StaffTable } from "./staff-table.tsx";
import { useStaffList } from "./use-slps.ts";
import * as styles from "./slps.css.ts";
import { countMatching, countOf, NOUNS } from "../../../domain/shared/format/plural.ts";
import { cursorFromAddress, cursorToward } from "../../../domain/shared/wire/page-cursor.ts";

/** Long enough to finish typing a name, short enough to feel immediate. */
export const STAFF_SEARCH_DEBOUNCE_MS = 300;


/** The page number in the address; anything but a whole number from 1 is page 1. */
const pageOf = (text: string | null): number => {
  const page = Number(text);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

// /staff: the institution's SLPs, searchable by name or e-mail, ten a page. The address holds the
// search and the page (Back, a reload and a shared link show the same list); the search box holds
// what is being typed until it settles.
export function StaffListPage({ user }: { readonly user: CurrentUser }) {
  const [params, setParams] = useSearchParams();
  const search = (params.get("search") ?? "").trim();
  const page = pageOf(params.get("page"));
  // The key cursor Next or Previous followed (issue 36): the page is a seek, however deep; a link with a page number alone still opens it.
  const cursor = page === 1 ? undefined : cursorFromAddress(params.get("cursor"));
  const show = (next: { readonly search: string; readonly page: number; readonly cursor?: string | undefined }) =>
    setParams(
      new URLSearchParams([
        ...(next.search === "" ? [] : [["search", next.search]]),
        ...(next.page === 1 ? [] : [["page", String(next.page)]]),
        ...(next.page === 1 || next.cursor === undefined ? [] : [["cursor", next.cursor]]),
      ]),
      { replace: true },
    );

  const [typed, setTyped] = useAddressSearch(search, (settled) => show({ search: settled, page: 1 }), STAFF_SEARCH_DEBOUNCE_MS);

  const abilities = slpAbilitiesOf(user);
  const query = useStaffList(page, search, cursor);
  const data = query.data;
  const status =
    query.isPending || query.isPlaceholderData
      ? "Loading SLPs…"
      : data === undefined
        ? ""
        : search === ""
          ? countOf(data.count, NOUNS.slp)
          : `${countMatching(data.count, NOUNS.slp)} “${search}”`;

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.heading}>SLPs</h1>
        {abilities.create ? <LinkButton href={hrefFor("create-staff", {})}>New SLP</LinkButton> : null}
      </div>
      <search className={styles.filters} aria-label="Find SLPs">
        <SearchBox label="Search by name or email" value={typed} onChange={setTyped} />
      </search>
      <QueryStatus query={query} loading="Loading SLPs…" status={status} busy={query.isPending || query.isPlaceholderData} />
      {data === undefined ? null : (
        <>
          <StaffTable
            rows={data.results}
            busy={query.isPlaceholderData}
            empty={search === "" ? "There are no SLPs yet." : `No SLPs match “${search}”.`}
          />
          <Pager label="SLP pages" page={data.current_page} totalPages={data.total_pages} isLoading={query.isPlaceholderData} onPage={(next) => show({ search, page: next, cursor: cursorToward(data, next) })} />
        </>
      )}
    </div>
  );
}
