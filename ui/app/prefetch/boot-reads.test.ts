// @vitest-environment jsdom
import { QueryClient } from "@tanstack/react-query";
import { createStore } from "jotai";
import { afterEach, describe, expect, it } from "vitest";
import { exercisesApiOf } from "../../../adapters/exercises/index.ts";
import { patientsApiOf } from "../../../adapters/patients/patients-api.ts";
import { createApiClient, type ApiClient } from "../../../adapters/shared/api-client.ts";
import { createCredentialsStore } from "../../../adapters/shared/session/credentials-store.ts";
import { sessionReviewApiOf } from "../../../adapters/session-review/index.ts";
import { BOOT_READS, bootReadsAt } from "../../../domain/boot-reads.ts";
import { ROUTES } from "../../../domain/routes.ts";
import { GameLevelId, PatientId, UserId } from "../../../domain/shared/ids.ts";
import { MAX_PAGE_SIZE } from "../../../domain/shared/wire/paged.ts";
import { ROUTE_PREFETCH } from "../prefetched-routes.ts";

// The boot script's reads (domain/boot-reads.ts) are worth something only if they are the very
// requests the app then makes: each is compared here with what the app's own calls send, through
// the real HTTP client, at an address of each route. A drift would cost one request more, silently.

afterEach(() => sessionStorage.clear());

/** A client with a session that records each request as it goes out and never answers. */
const recordingClient = (): { client: ApiClient; sent: string[] } => {
  const sent: string[] = [];
  const credentials = createCredentialsStore(sessionStorage, createStore());
  credentials.setAuthenticated({ accessToken: "acc", refreshToken: "ref", userId: UserId.make(1) });
  const fetch = ((input: string | URL | Request) => {
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
    sent.push(`${url.pathname}${url.search}`);
    return new Promise<Response>(() => undefined);
  }) as typeof globalThis.fetch;
  return { client: createApiClient({ baseUrl: "http://portal.test", apiKey: "key", credentials, fetch }), sent };
};

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** What the app asks on arrival at `path`: its arrival reads' module (ui/app/prefetch/). */
const arrivalRequests = async (path: string, search: string): Promise<string[]> => {
  const matched = ROUTES.match(path);
  const load = matched === null ? undefined : ROUTE_PREFETCH[matched.route.id];
  if (matched === null || load === undefined) throw new Error(`${path} has no arrival reads`);
  const { client, sent } = recordingClient();
  (await load()).prefetch({ params: matched.params, search, queryClient: new QueryClient(), apiClient: client });
  await flush();
  return sent;
};

// The dashboard's reads differ by role: ui/features/dashboard/dashboard-page.test.tsx checks them.
describe("the boot script's reads", () => {
  it("are those of routes with a page, each at least one read", () => {
    for (const entry of BOOT_READS) {
      expect(entry.reads.length + (entry.byRole ?? []).length).toBeGreaterThan(0);
      for (const { reads } of entry.byRole ?? []) expect(reads.length).toBeGreaterThan(0);
    }
  });

  it.each([
    ["/patients", ""],
    ["/patient/7", ""],
    ["/patient/7", "?tab=goals"],
    ["/details-panel/patient/7/level/3/trend/42", ""],
    ["/details-panel/patient/7/level/3/trend/42", "?queue=caseload&only=correctable"],
  ])("at %s%s are requests the app's arrival reads make", async (path, search) => {
    const boot = bootReadsAt(path, search);
    expect(boot.length).toBeGreaterThan(0);
    expect(await arrivalRequests(path, search)).toEqual(expect.arrayContaining([...boot]));
  });

  // The arrival reads' module is not loaded where the boot script started its address's reads
  // (ui/app/prefetched-routes.ts): at a bare address the module asks nothing more.
  it.each([["/patients"], ["/patient/7"], ["/details-panel/patient/7/level/3/trend/42"]])("at %s are every read the arrival module asks", async (path) => {
    expect([...(await arrivalRequests(path, ""))].sort()).toEqual([...bootReadsAt(path, "")].sort());
  });

  it("at an exercise overview are the page's own reads (it has no arrival module: its hooks ask them)", async () => {
    const { client, sent } = recordingClient();
    // As ExerciseOverviewPage asks them: usePatient, usePatientGameLevels, useGameStatistics, useSessionList(level, 1, MAX_PAGE_SIZE).
    const [patient, level] = [PatientId.make(7), GameLevelId.make(3)];
    void patientsApiOf(client).getPatient(patient);
    void exercisesApiOf(client).listPatientGameLevels(patient);
    void sessionReviewApiOf(client).getStatistics(level);
    void sessionReviewApiOf(client).listSessions(level, 1, MAX_PAGE_SIZE);
    await flush();
    expect(sent).toEqual([...bootReadsAt("/details-panel/patient/7/level/3", "")]);
  });
});
