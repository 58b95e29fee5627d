import { useSearchParams } from "wouter";
import { SESSION_LIST_PAGE_SIZE } from "../../../domain/session-review/session-list-wire.ts";
import type { GameLevelId, PatientId } from "../../../domain/shared/ids.ts";
import { routeId } from "../../../domain/shared/navigation/route-id.ts";
import { Pager } from "../../kit/pager.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { OverviewSessionsTable } from "./overview-sessions-table.tsx";
import { useSessionList } from "./use-session-review.ts";
import * as styles from "./overview.css.ts";
import { countOf, NOUNS } from "../../../domain/shared/format/plural.ts";

const sessionsWord = (count: number): string => countOf(count, NOUNS.session);

// The level's sessions, ten a page, newest first. The page is in the address (?page=N), so Back,
// a reload and a shared link show the same page; the previous page stays on screen, marked busy,
// while the next loads.
export function OverviewSessions({ patientId, levelId }: { readonly patientId: PatientId; readonly levelId: GameLevelId }) {
  const [params, setParams] = useSearchParams();
  const page = routeId(params.get("page") ?? undefined) ?? 1;
  const setPage = (next: number) => setParams(next > 1 ? new URLSearchParams({ page: String(next) }) : new URLSearchParams(), { replace: true });
  const query = useSessionList(levelId, page, SESSION_LIST_PAGE_SIZE);
  const data = query.data;
  const status = query.isPending ? "Loading sessions…" : query.isPlaceholderData ? `Loading page ${page}…` : data === undefined ? "" : sessionsWord(data.count);
  return (
    <section className={styles.section} aria-labelledby="sessions-heading">
      <h2 id="sessions-heading" className={styles.subheading}>
        Sessions
      </h2>
      <QueryStatus query={query} loading="Loading sessions…" status={status} busy={query.isPending || query.isPlaceholderData} />
      {data === undefined ? null : data.count === 0 && !query.isPlaceholderData ? (
        <p className={styles.lead}>No sessions played yet.</p>
      ) : (
        <>
          <OverviewSessionsTable rows={data.results} patientId={patientId} levelId={levelId} busy={query.isPlaceholderData} />
          <Pager label="Session pages" page={data.current_page} totalPages={data.total_pages} isLoading={query.isPlaceholderData} onPage={setPage} />
        </>
      )}
    </section>
  );
}
