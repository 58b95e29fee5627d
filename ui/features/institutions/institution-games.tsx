import { useState } from "react";
import { isApiFailure } from "../../../adapters/shared/api-failure.ts";
import { type AssignGamesPreview, gamesWithdrawn, withdrawalWarning } from "../../../domain/exercises/index.ts";
import type { Institution } from "../../../domain/institutions/index.ts";
import type { GameId } from "../../../domain/shared/ids.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { showToast } from "../../feedback/toast-queue.ts";
import { Button } from "../../kit/button.tsx";
import { CheckboxGroup } from "../../kit/checkbox-group.tsx";
import { ConfirmationDialog } from "../../kit/confirmation-dialog.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { useAssignGames, useGameCatalogue, usePreviewAssignGames } from "./use-institutions.ts";
import * as styles from "./institutions.css.ts";
import { countOf, NOUNS } from "../../../domain/shared/format/plural.ts";

const sameSet = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((id) => b.includes(id));

// The games the institution offers its SLPs and patients: the catalogue as a checkbox list, saved
// as a whole (assign_games). Taking games away asks the server first what it would stop; when it
// stops patients' exercises an alert dialog says how many before anything is saved (issue 31), and
// the save repeats that count so the server knows it was confirmed. Without the permission the
// offered games are listed by name.
export function InstitutionGames({ institution, canAssign }: { readonly institution: Institution; readonly canAssign: boolean }) {
  const catalogue = useGameCatalogue();
  const assign = useAssignGames(institution.id);
  const preview = usePreviewAssignGames(institution.id);
  const offered = institution.games.map(String);
  const [chosen, setChosen] = useState<readonly string[]>(offered);
  const [stopping, setStopping] = useState<{ readonly ids: readonly GameId[]; readonly preview: AssignGamesPreview } | null>(null);
  const games = catalogue.data ?? [];
  const changed = !sameSet(chosen, offered);

  const failed = (error: unknown): void => {
    showToast({ title: "Could not save the offered games", description: failureMessage(error), variant: "destructive" });
  };
  // What saving these games stops, asked anew: nothing saves at once, anything else asks first.
  const check = (ids: readonly GameId[]) =>
    preview.mutateAsync(ids).then((found) => (found.patients === 0 ? void write(ids) : setStopping({ ids, preview: found })), failed);
  const write = (ids: readonly GameId[], confirmStopAssignments?: number): Promise<void> =>
    assign.mutateAsync(confirmStopAssignments === undefined ? { games: ids } : { games: ids, confirmStopAssignments }).then(
      (now) => {
        setStopping(null);
        setChosen(now.map(String));
        showToast({ title: "Offered games saved", description: `${institution.name} offers ${countOf(now.length, NOUNS.game)}.` });
      },
      (error: unknown) => {
        setStopping(null);
        // Someone assigned or ended exercises since the count was shown: ask again with the new count.
        if (isApiFailure(error) && error.status === 409) return check(ids);
        failed(error);
        return undefined;
      },
    );
  const save = () => {
    const ids: GameId[] = games.filter((game) => chosen.includes(String(game.id))).map((game) => game.id);
    if (gamesWithdrawn(institution.games, ids).length === 0) void write(ids);
    else void check(ids);
  };

  return (
    <section className={styles.section} aria-labelledby="games-heading">
      <h2 id="games-heading" className={styles.subheading}>
        Offered games
      </h2>
      <QueryStatus query={catalogue} loading="Loading the games…" status="" />
      {catalogue.data === undefined ? null : canAssign ? (
        <>
          <p className={styles.muted}>
            Taking a game away pauses its patients&apos; exercises in this institution; offering it again brings them back with the same settings. Past sessions stay.
          </p>
          <CheckboxGroup label="Games this institution offers" options={games.map((game) => ({ id: String(game.id), label: game.name }))} value={chosen} onChange={setChosen} />
          <div className={styles.actions}>
            <Button onPress={save} isPending={assign.isPending || preview.isPending} isDisabled={!changed && !assign.isPending && !preview.isPending}>
              Save offered games
            </Button>
          </div>
          <ConfirmationDialog
            isOpen={stopping !== null}
            title={`Stop exercises for ${countOf(stopping?.preview.patients ?? 0, NOUNS.patient)}?`}
            confirmLabel="Remove and stop exercises"
            destructive
            isPending={assign.isPending}
            onConfirm={() => {
              if (stopping !== null) void write(stopping.ids, stopping.preview.patients);
            }}
            onCancel={() => setStopping(null)}
          >
            <p>{stopping === null ? "" : withdrawalWarning(stopping.preview)}</p>
            <p>Their assignments are kept, settings and all, and start again if you offer the game again.</p>
          </ConfirmationDialog>
        </>
      ) : offered.length === 0 ? (
        <p>This institution offers no games yet.</p>
      ) : (
        <ul className={styles.list}>
          {games.filter((game) => offered.includes(String(game.id))).map((game) => (
            <li key={game.id}>{game.name}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
