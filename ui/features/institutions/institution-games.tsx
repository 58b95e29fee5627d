import { useState } from "react";
import type { Institution } from "../../../domain/institutions/index.ts";
import type { GameId } from "../../../domain/shared/ids.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { showToast } from "../../feedback/toast-queue.ts";
import { Button } from "../../kit/button.tsx";
import { CheckboxGroup } from "../../kit/checkbox-group.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { useAssignGames, useGameCatalogue } from "./use-institutions.ts";
import * as styles from "./institutions.css.ts";
import { countOf, NOUNS } from "../../../domain/shared/format/plural.ts";

const sameSet = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((id) => b.includes(id));

// The games the institution offers its SLPs and patients: the catalogue as a checkbox list, saved
// as a whole (assign_games). Without the permission the offered games are listed by name.
export function InstitutionGames({ institution, canAssign }: { readonly institution: Institution; readonly canAssign: boolean }) {
  const catalogue = useGameCatalogue();
  const assign = useAssignGames(institution.id);
  const offered = institution.games.map(String);
  const [chosen, setChosen] = useState<readonly string[]>(offered);
  const games = catalogue.data ?? [];
  const changed = !sameSet(chosen, offered);

  const save = () => {
    const ids: GameId[] = games.filter((game) => chosen.includes(String(game.id))).map((game) => game.id);
    assign.mutateAsync(ids).then(
      (now) => {
        setChosen(now.map(String));
        showToast({ title: "Offered games saved", description: `${institution.name} offers ${countOf(now.length, NOUNS.game)}.` });
      },
      (error: unknown) => showToast({ title: "Could not save the offered games", description: failureMessage(error), variant: "destructive" }),
    );
  };

  return (
    <section className={styles.section} aria-labelledby="games-heading">
      <h2 id="games-heading" className={styles.subheading}>
        Offered games
      </h2>
      <QueryStatus query={catalogue} loading="Loading the games…" status="" />
      {catalogue.data === undefined ? null : canAssign ? (
        <>
          <p className={styles.muted}>Taking a game away ends its live assignments in this institution; past sessions stay.</p>
          <CheckboxGroup label="Games this institution offers" options={games.map((game) => ({ id: String(game.id), label: game.name }))} value={chosen} onChange={setChosen} />
          <div className={styles.actions}>
            <Button onPress={save} isPending={assign.isPending} isDisabled={!changed && !assign.isPending}>
              Save offered games
            </Button>
          </div>
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
