import { failureMessage } from "../data/failure-message.ts";
import { recordRefusal } from "../data/retry-policy.ts";
import { Alert } from "./alert.tsx";
import { Button } from "./button.tsx";
import { StatusMessage } from "./status-message.tsx";

/** What the block reads of a query (TanStack Query's result has all of it). */
export type QueryState = {
  readonly isPending: boolean;
  readonly isError: boolean;
  readonly error: unknown;
  readonly refetch: () => unknown;
};

export type QueryStatusProps = {
  readonly query: QueryState;
  /** Said while the first answer loads, e.g. "Loading patients…". */
  readonly loading: string;
  /** What to say once it has loaded (a count, a page), and whether it is still busy (a next page loading). */
  readonly status?: string;
  readonly busy?: boolean;
};

// The one loading / error / "Try again" block of every list and form that reads server data
// (before, six components each wrote it). Both live regions stay mounted, empty when there is
// nothing to say, so a screen reader announces the loading and the failure where they appear; the
// failure reads the catalogue's words (failureMessage) and "Try again" asks the query once more,
// unless the server refused it (403/404): asking again would only be refused again (issue 31).
export function QueryStatus({ query, loading, status, busy }: QueryStatusProps) {
  const said = query.isPending ? loading : (status ?? "");
  return (
    <>
      <StatusMessage busy={busy ?? query.isPending}>{said}</StatusMessage>
      <Alert>{query.isError ? failureMessage(query.error) : null}</Alert>
      {query.isError && recordRefusal(query.error) === null ? (
        <div>
          <Button variant="secondary" onPress={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
    </>
  );
}
