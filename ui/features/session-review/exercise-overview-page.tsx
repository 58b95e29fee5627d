import type { UseQueryResult } from "@tanstack/react-query";
import { lazy } from "react";
import { hrefFor } from "../../../domain/routes.ts";
import { toGameStatistics } from "../../../domain/session-review/game-statistics-wire.ts";
import { overviewTiles, pendingOverviewTiles } from "../../../domain/session-review/overview-tiles.ts";
import type { SessionListPageWire } from "../../../domain/session-review/session-list-wire.ts";
import type { GameLevelId, PatientId } from "../../../domain/shared/ids.ts";
import { EXERCISE_FALLBACK, orFallback } from "../../../domain/shared/navigation/breadcrumbs.ts";
import { MAX_PAGE_SIZE } from "../../../domain/shared/wire/paged.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import type { Difficulty } from "../../../domain/shared/games/difficulty.ts";
import type { QueryState } from "../../kit/query-status.tsx";
import { Link } from "../../kit/link.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { usePatient, usePatientGameLevels } from "../patients/index.ts";
import { OverviewProgress } from "./overview-progress.tsx";
import { OverviewSessions } from "./overview-sessions.tsx";
import { StatTiles } from "../../kit/stat-tiles.tsx";
import { useGameStatistics, useSessionList } from "./use-session-review.ts";
import * as styles from "./overview.css.ts";
import { WorkTimerPlaceholder, WorkTimerSlot } from "../../people/work-timer-frame.tsx";

// The work timer (issue 24, "Time capture"): one timer across the patient's record and session pages,
// asked for after the heading is in the document (issue 35).
const WorkTimerBar = lazy(() => import("../billing/index.ts").then((module) => ({ default: module.WorkTimerBar })));

/** Two reads shown as one: loading while either loads, failed when either failed, and "Try again" asks both. */
const eitherOf = (first: QueryState, second: QueryState): QueryState => ({
  isPending: first.isPending || second.isPending,
  isError: first.isError || second.isError,
  error: first.isError ? first.error : second.error,
  refetch: () => Promise.all([first.isError ? first.refetch() : null, second.isError ? second.refetch() : null]),
});

// /details-panel/patient/:id/level/:levelId: how a patient has played one exercise at one level,
// for the SLP deciding which session to review. The heading is there in every state (the shell
// moves the focus to it); the level must be one of this patient's exercises, so an address mixing
// one patient with another's level shows nothing of either.
export function ExerciseOverviewPage({ patientId, levelId }: { patientId: PatientId; levelId: GameLevelId; user: CurrentUser }) {
  // The breadcrumb reads the patient and the game name from these same cache entries.
  const patient = usePatient(patientId);
  const levels = usePatientGameLevels(patientId);
  const statistics = useGameStatistics(levelId);
  // The chart's page of the latest sessions also gives the latest accuracy.
  const latest = useSessionList(levelId, 1, MAX_PAGE_SIZE);
  const level = levels.data?.find((candidate) => candidate.id === levelId);
  const gameName = orFallback(level?.game.name ?? statistics.data?.game_details.name, EXERCISE_FALLBACK);
  const patientName = patient.data === undefined ? null : `${patient.data.first_name} ${patient.data.last_name}`;
  const owner = eitherOf(patient, levels);

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.heading}>{gameName}</h1>
        {patientName === null ? null : (
          <p className={styles.lead}>
            Patient: <Link href={hrefFor("patient-detail", { id: patientId })}>{patientName}</Link>
          </p>
        )}
      </div>
      {/* Its place is held while the patient's name is on its way too, so nothing below moves. */}
      {patientName === null ? (
        <WorkTimerPlaceholder patientName="" />
      ) : (
        <WorkTimerSlot patientName={patientName}>
          <WorkTimerBar patientId={patientId} patientName={patientName} />
        </WorkTimerSlot>
      )}
      <QueryStatus query={owner} loading="Loading the exercise…" status="" busy={owner.isPending} />
      {levels.data === undefined ? null : level === undefined ? (
        <p className={styles.lead}>
          This exercise is not among {patientName ?? "this patient"}’s assigned exercises. It may have been removed; the patient’s record lists the ones
          assigned now.
        </p>
      ) : (
        <>
          <OverviewSummary statistics={statistics} latest={latest} difficulty={level.difficulty} />
          <OverviewSessions patientId={patientId} levelId={levelId} />
          <OverviewProgress query={latest} />
        </>
      )}
    </div>
  );
}

function OverviewSummary({
  statistics,
  latest,
  difficulty,
}: {
  readonly statistics: ReturnType<typeof useGameStatistics>;
  readonly latest: UseQueryResult<SessionListPageWire>;
  readonly difficulty: Difficulty;
}) {
  // The latest accuracy waits for its page, unless that page failed (the tile then says 'Not available').
  const ready = statistics.data !== undefined && !latest.isPending;
  return (
    <section className={styles.section} aria-labelledby="summary-heading">
      <h2 id="summary-heading" className={styles.subheading}>
        Summary
      </h2>
      <QueryStatus query={statistics} loading="Loading the figures…" status="" busy={!ready && !statistics.isError} />
      {ready && statistics.data !== undefined ? (
        <StatTiles
          label="Exercise figures"
          tiles={overviewTiles({ statistics: toGameStatistics(statistics.data), difficulty, latest: latest.data?.results[0] ?? null })}
        />
      ) : statistics.isError ? null : (
        // The tiles' place, kept while the figures load so the sections below do not move when they
        // arrive; hidden from screen readers, whose status line above says the figures are loading.
        <div aria-hidden="true">
          <StatTiles label="Exercise figures, loading" tiles={pendingOverviewTiles()} />
        </div>
      )}
    </section>
  );
}
