import { pageChunk } from "../../shell/page-chunk.tsx";
import type { RoutePages } from "../../shell/route-page.ts";
import { routeId } from "../../../domain/shared/navigation/route-id.ts";
import { GameLevelId, GameSessionId, PatientId } from "../../../domain/shared/ids.ts";
import type { Patient } from "../../../domain/patients/index.ts";
import type { GameStatisticsWire } from "../../../domain/session-review/game-statistics-wire.ts";
import type { SessionDetailWire } from "../../../domain/session-review/session-detail-wire.ts";
import { formatDateTime } from "../../../domain/shared/format/date.ts";
import type { BreadcrumbFacts } from "../../../domain/shared/navigation/breadcrumbs.ts";
import type { CachedReader, PageParams } from "../../shell/route-page.ts";
import { patientRecordKey } from "../../data/shared-query-keys.ts";
import { PageChunkLoading } from "../../shell/page-chunk-loading.tsx";
import { sessionReviewKeys } from "./session-review-keys.ts";
import { SESSION_REVIEW_PAGE_CODE } from "./page-code.ts";

// Each page is its own chunk: the attempt tables of eight games stay off the dashboard.
const ExerciseOverviewPage = pageChunk(
  () => SESSION_REVIEW_PAGE_CODE["exercise-overview"]().then((module) => module.ExerciseOverviewPage),
  <PageChunkLoading title="Exercise overview" />,
);
const SessionDetailPage = pageChunk(() => SESSION_REVIEW_PAGE_CODE["session-detail"]().then((module) => module.SessionDetailPage), <PageChunkLoading title="Session detail" />);

// The session's start as the breadcrumb shows it, once per answer: the facts are read again at
// every change of the data cache, dozens of times while a page loads (issue 35).
const startTexts = new WeakMap<SessionDetailWire, string>();
const sessionStartOf = (detail: SessionDetailWire): string => {
  const known = startTexts.get(detail);
  if (known !== undefined) return known;
  const text = formatDateTime(detail.start_time);
  startTexts.set(detail, text);
  return text;
};

/** The breadcrumb names the patient, the game and the session once their records are in the cache. */
const reviewFacts = (params: PageParams, cached: CachedReader): BreadcrumbFacts => {
  const patientId = routeId(params["id"]);
  const levelId = routeId(params["levelId"]);
  const sessionId = routeId(params["trendId"]);
  const patient = patientId === null ? undefined : cached<Patient>(patientRecordKey(patientId));
  const statistics = levelId === null ? undefined : cached<GameStatisticsWire>(sessionReviewKeys.statistics(levelId));
  const detail = sessionId === null ? undefined : cached<SessionDetailWire>(sessionReviewKeys.detail(sessionId));
  const gameName = detail?.game_info.name ?? statistics?.game_details.name ?? null;
  return {
    ...(patient === undefined ? {} : { patient: { firstName: patient.first_name, lastName: patient.last_name } }),
    gameName,
    sessionStart: detail === undefined ? null : sessionStartOf(detail),
  };
};

/** The session-review pages (domain/session-review/routes.ts declares their routes). */
export const SESSION_REVIEW_PAGES: RoutePages = {
  "exercise-overview": {
    preload: ExerciseOverviewPage.preload,
    render: (params) => (user) => (
      <ExerciseOverviewPage
        key={`${params["id"]}/${params["levelId"]}`}
        patientId={PatientId.make(routeId(params["id"]) ?? 0)}
        levelId={GameLevelId.make(routeId(params["levelId"]) ?? 0)}
        user={user}
      />
    ),
    facts: (params, _user, cached) => reviewFacts(params, cached),
  },
  "session-detail": {
    preload: SessionDetailPage.preload,
    render: (params) => (user) => (
      <SessionDetailPage
        key={params["trendId"]}
        patientId={PatientId.make(routeId(params["id"]) ?? 0)}
        levelId={GameLevelId.make(routeId(params["levelId"]) ?? 0)}
        sessionId={GameSessionId.make(routeId(params["trendId"]) ?? 0)}
        user={user}
      />
    ),
    facts: (params, _user, cached) => reviewFacts(params, cached),
  },
};
