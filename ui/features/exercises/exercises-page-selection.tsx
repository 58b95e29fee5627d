import { useSelector } from "@xstate/react";
import { useEffect, useRef } from "react";
import { useLocation } from "wouter";
import { hrefFor } from "../../../domain/routes.ts";
import type { SelectableGame } from "../../../domain/exercises/game-selection.ts";
import { difficultyLabel } from "../../../domain/shared/format/difficulty-label.ts";
import { type Difficulty, offeredLevels } from "../../../domain/shared/games/difficulty.ts";
import { selectedCount } from "../../../machines/exercises/game-selection.selectors.ts";
import type { GameSelectionSnapshot } from "../../../machines/exercises/game-selection.machine.ts";
import { Button } from "../../kit/button.tsx";
import { CheckboxGroup } from "../../kit/checkbox-group.tsx";
import { StatusMessage } from "../../kit/status-message.tsx";
import { useGameSelection } from "../../game-selection/game-selection-provider.tsx";
import * as styles from "./exercises.css.ts";
import { countOf, NOUNS } from "../../../domain/shared/format/plural.ts";

/** A game as the selection lists it: its name and the levels it can be assigned at. */
export type NamedSelectableGame = SelectableGame & { readonly name: string };

const levelsText = (levels: readonly Difficulty[]): string => levels.map(difficultyLabel).join(", ");
const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, index) => id === b[index]);
const selectedIds = (snapshot: GameSelectionSnapshot): string[] => snapshot.context.selection.games.map((game) => String(game.gameId));

// Picking games to assign (the game-selection machine, docs/machines/game-selection.md): a box per
// game named with its levels, Select all / Deselect all / Clear, how many are picked (a polite
// status), and "Assign selected", which goes to /create/assign. Each control is enabled by whether
// the machine would take its event; a disabled one keeps the focus where it was (React Aria), and
// when the one pressed turns disabled the focus moves to the game list instead of the page's top.
export function GameSelectionPanel({ games }: { readonly games: readonly NamedSelectableGame[] }) {
  const actor = useGameSelection();
  const [, navigate] = useLocation();
  const count = useSelector(actor, selectedCount);
  const picked = useSelector(actor, selectedIds, sameIds);
  const canSelectAll = useSelector(actor, (snapshot) => snapshot.can({ type: "games.selectAll" }));
  const canDeselectAll = useSelector(actor, (snapshot) => snapshot.can({ type: "games.deselectAll" }));
  const canClear = useSelector(actor, (snapshot) => snapshot.can({ type: "selection.clear" }));
  const canAssign = useSelector(actor, (snapshot) => snapshot.can({ type: "assign.start" }));
  const panel = useRef<HTMLDivElement>(null);

  // The machine only offers the games it was told about; a reloaded list drops what is gone.
  useEffect(() => {
    actor.send({ type: "games.loaded", games: games.map(({ id, levelsAvailable }) => ({ id, levelsAvailable })) });
  }, [actor, games]);

  // A pressed button that the press disabled would leave the focus on nothing: hand it to the first box.
  const keepFocus = () => {
    setTimeout(() => {
      const active = document.activeElement;
      if (active instanceof HTMLButtonElement && active.disabled) panel.current?.querySelector<HTMLInputElement>("input[type=checkbox]")?.focus();
      else if (active === null || active === document.body) panel.current?.querySelector<HTMLInputElement>("input[type=checkbox]")?.focus();
    }, 0);
  };
  const send = (event: { type: "games.selectAll" } | { type: "games.deselectAll" } | { type: "selection.clear" }) => () => {
    actor.send(event);
    keepFocus();
  };

  const onChange = (ids: string[]) => {
    const now = new Set(ids);
    const before = new Set(picked);
    for (const game of games) {
      const id = String(game.id);
      if (now.has(id) !== before.has(id)) actor.send({ type: "game.toggle", gameId: game.id });
    }
  };

  const assign = () => {
    actor.send({ type: "assign.start" });
    navigate(hrefFor("create-assign"));
  };

  return (
    <section aria-labelledby="game-selection-heading" className={styles.section}>
      <h2 id="game-selection-heading" className={styles.subheading}>
        Choose games to assign
      </h2>
      <div ref={panel} className={styles.section}>
        <CheckboxGroup
          label="Games"
          options={games.map((game) => ({ id: String(game.id), label: `${game.name} (${levelsText(offeredLevels(game))})` }))}
          value={picked}
          onChange={onChange}
        />
        <div className={styles.toolbar}>
          <Button variant="secondary" isDisabled={!canSelectAll} onPress={send({ type: "games.selectAll" })}>
            Select all
          </Button>
          <Button variant="secondary" isDisabled={!canDeselectAll} onPress={send({ type: "games.deselectAll" })}>
            Deselect all
          </Button>
          <Button variant="secondary" isDisabled={!canClear} onPress={send({ type: "selection.clear" })}>
            Clear
          </Button>
          <Button isDisabled={!canAssign} onPress={assign}>
            Assign selected
          </Button>
        </div>
        <StatusMessage>{`${countOf(count, NOUNS.game)} selected`}</StatusMessage>
      </div>
    </section>
  );
}
