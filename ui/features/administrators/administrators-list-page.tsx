import { useSearchParams } from "wouter";
import { ADMINISTRATOR_PAGE_SIZE } from "../../../domain/administrators/administrators-wire.ts";
import { hrefFor } from "../../../domain/routes.ts";
import { InstitutionId } from "../../../domain/shared/ids.ts";
import { routeId } from "../../../domain/shared/navigation/route-id.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { Link, LinkButton } from "../../kit/link.tsx";
import { Pager } from "../../kit/pager.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { SearchBox } from "../../kit/search-box.tsx";
import { useAddressSearch } from "../../kit/use-address-search.ts";
import { administratorAbilitiesOf } from "../../../domain/administrators/administrator-abilities.ts";
import { AdministratorsTable } from "./administrators-table.tsx";
import { InstitutionPicker } from "./institution-picker.tsx";
import { useAdministratorList, useInstitutionOf } from "./use-administrators.ts";
import * as styles from "./administrators.css.ts";
import { countMatching, countOf, NOUNS } from "../../../domain/shared/format/plural.ts";

/** Long enough to finish typing a name, short enough to feel immediate. */
export const ADMINISTRATOR_SEARCH_DEBOUNCE_MS = 300;


/** The list's state as the address holds it: whose administrators (the super administrator's choice), the search and the page. */
const listStateOf = (params: URLSearchParams) => ({
  institution: routeId(params.get("institution") ?? undefined),
  search: (params.get("search") ?? "").trim(),
  page: routeId(params.get("page") ?? undefined) ?? 1,
});
type ListState = ReturnType<typeof listStateOf>;

const paramsOf = (state: ListState): URLSearchParams => {
  const params = new URLSearchParams();
  if (state.institution !== null) params.set("institution", String(state.institution));
  if (state.search !== "") params.set("search", state.search);
  if (state.page > 1) params.set("page", String(state.page));
  return params;
};

// /admins: the administrators of the signed-in person's institution, five to a page, searchable.
// The super administrator belongs to none, so they choose the institution first (docs/ui-administration.md).
// The address is the list's one source of truth: Back, a reload and a shared link show the same list.
export function AdministratorsListPage({ user }: { readonly user: CurrentUser }) {
  const [params, setParams] = useSearchParams();
  const state = listStateOf(params);
  const show = (next: ListState) => setParams(paramsOf(next), { replace: true });
  const abilities = administratorAbilitiesOf(user);
  const own = user.institution?.id ?? null;
  const institutionId = own ?? (abilities.pickInstitution && state.institution !== null ? InstitutionId.make(state.institution) : null);

  const [typed, setTyped] = useAddressSearch(state.search, (settled) => show({ ...state, search: settled, page: 1 }), ADMINISTRATOR_SEARCH_DEBOUNCE_MS);

  const picked = useInstitutionOf(institutionId, own === null);
  const institutionName = own !== null ? (user.institution?.name ?? null) : (picked.data?.name ?? null);

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.heading}>Admins</h1>
        {abilities.create && institutionId !== null ? (
          <LinkButton href={hrefFor("create-admin", { organizationId: institutionId })}>New administrator</LinkButton>
        ) : null}
      </div>
      {abilities.pickInstitution ? (
        <div className={styles.filters}>
          <InstitutionPicker
            value={institutionId}
            valueName={institutionName}
            onChange={(id) => show({ institution: id, search: "", page: 1 })}
          />
        </div>
      ) : null}
      {institutionId === null ? (
        <p className={styles.lead}>
          {abilities.pickInstitution ? (
            <>
              Choose an institution to see its administrators, or open one from the <Link href={hrefFor("organizations")}>institutions list</Link>.
            </>
          ) : (
            "Your account belongs to no institution, so there are no administrators to show."
          )}
        </p>
      ) : (
        <AdministratorsOf institutionId={institutionId} institutionName={institutionName} state={state} typed={typed} onType={setTyped} onPage={(page) => show({ ...state, page })} />
      )}
    </div>
  );
}

type AdministratorsOfProps = {
  readonly institutionId: InstitutionId;
  readonly institutionName: string | null;
  readonly state: ListState;
  readonly typed: string;
  readonly onType: (text: string) => void;
  readonly onPage: (page: number) => void;
};

function AdministratorsOf({ institutionId, institutionName, state, typed, onType, onPage }: AdministratorsOfProps) {
  const query = useAdministratorList({
    institution: institutionId,
    page: state.page,
    page_size: ADMINISTRATOR_PAGE_SIZE,
    ...(state.search === "" ? {} : { search: state.search }),
  });
  const data = query.data;
  const busy = query.isPending || query.isPlaceholderData;
  const status = busy ? "Loading administrators…" : data === undefined ? "" : state.search === "" ? countOf(data.count, NOUNS.administrator) : `${countMatching(data.count, NOUNS.administrator)} "${state.search}"`;
  return (
    <>
      <search className={styles.filters} aria-label="Find administrators">
        <SearchBox label="Search by name or email" value={typed} onChange={onType} />
      </search>
      <QueryStatus query={query} loading="Loading administrators…" status={status} busy={busy} />
      {data === undefined ? null : (
        <>
          <AdministratorsTable
            caption={institutionName === null ? "Administrators" : `Administrators of ${institutionName}`}
            rows={data.results}
            busy={query.isPlaceholderData}
            empty={state.search === "" ? "This institution has no administrators yet." : "No administrator matches this search."}
          />
          <Pager label="Administrator pages" page={data.current_page} totalPages={data.total_pages} isLoading={query.isPlaceholderData} onPage={onPage} />
        </>
      )}
    </>
  );
}
