import type { QueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../adapters/shared/api-client.ts";
import type { PageParams } from "../../shell/route-page.ts";

/** What a route's arrival reads use: the address, the data cache, the app's HTTP client. */
export type PrefetchContext = {
  readonly params: PageParams;
  /** The address's query string ("" or "?a=b"). */
  readonly search: string;
  readonly queryClient: QueryClient;
  readonly apiClient: ApiClient;
};

/**
 * One route's arrival reads (issue 23), each module its own small chunk with only the endpoints it
 * asks, so the reads start as soon as the signed-in area runs. Each read is its feature's query
 * options (`ui/features/<feature>/<feature>-queries.ts`), the ones the page's hooks pass to
 * useQuery, so the page finds them in flight or done. The HTTP client holds every
 * call until a fresh access token is there (after a reload only the refresh token is left), so
 * nothing is asked without one.
 */
export type RoutePrefetch = {
  readonly prefetch: (context: PrefetchContext) => void;
};
