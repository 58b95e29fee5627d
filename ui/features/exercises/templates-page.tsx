import { useMemo, useState } from "react";
import { useLocation } from "wouter";
import { useDocumentTitle } from "../../shell/use-document-title.ts";
import { assignAbilities } from "../../../domain/exercises/assign-abilities.ts";
import { hrefFor } from "../../../domain/routes.ts";
import type { ContentDownloadPort } from "../../../adapters/exercises/index.ts";
import type { ExerciseTemplate, GameSummary, InstitutionGame } from "../../../domain/exercises/index.ts";
import { templateAbilities, templateSummary } from "../../../domain/exercises/template-draft.ts";
import { difficultyLabel } from "../../../domain/shared/format/difficulty-label.ts";
import { offeredLevels } from "../../../domain/shared/games/difficulty.ts";
import { permissionHolderOf } from "../../../domain/shared/permissions/permission-holder.ts";
import type { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { failureMessage } from "../../data/failure-message.ts";
import { Alert } from "../../kit/alert.tsx";
import { Button } from "../../kit/button.tsx";
import { ConfirmationDialog } from "../../kit/confirmation-dialog.tsx";
import { type DataColumn, DataTable } from "../../kit/data-table.tsx";
import { QueryStatus } from "../../kit/query-status.tsx";
import { StatusMessage } from "../../kit/status-message.tsx";
import { TableButton } from "../../kit/table-button.tsx";
import { GameSelectionPanel, type NamedSelectableGame } from "./exercises-page-selection.tsx";
import { useGameSelection } from "../../game-selection/game-selection-provider.tsx";
import { TemplateEditor } from "./templates-editor.tsx";
import { useGameCatalogue, useInstitutionGames, useTemplates, useTemplateWrite } from "./use-exercises.ts";
import * as styles from "./exercises.css.ts";

/** One row of the levels table: a game at one level, with the content file's limits when the institution's games give them. */
type LevelRow = { readonly key: string; readonly game: string; readonly level: string; readonly limits: InstitutionGame["levels"][number]["configuration"] | null };

const levelRowsOf = (institutionGames: readonly InstitutionGame[] | undefined, catalogue: readonly GameSummary[] | undefined): readonly LevelRow[] =>
  institutionGames !== undefined
    ? institutionGames.flatMap((game) =>
        game.levels.map((level) => ({ key: `${game.id}-${level.difficulty}`, game: game.name, level: difficultyLabel(level.difficulty), limits: level.configuration })),
      )
    : (catalogue ?? []).flatMap((game) =>
        offeredLevels({ levelsAvailable: game.levels_available }).map((difficulty) => ({
          key: `${game.id}-${difficulty}`,
          game: game.name,
          level: difficultyLabel(difficulty),
          limits: null,
        })),
      );

const NOT_LISTED = "Not listed";
const LEVEL_COLUMNS: readonly DataColumn<LevelRow>[] = [
  { key: "game", header: "Game", cell: (row) => row.game, isRowHeader: true },
  { key: "level", header: "Level", cell: (row) => row.level },
  { key: "challenges", header: "Max challenges", cell: (row) => row.limits?.max_challenges ?? NOT_LISTED, numeric: true },
  { key: "trials", header: "Max trials", cell: (row) => row.limits?.max_amount_trials ?? NOT_LISTED, numeric: true },
  {
    key: "repetitions",
    header: "Repetitions per day",
    cell: (row) => (row.limits === null ? NOT_LISTED : `${row.limits.min_repetitions_per_day}–${row.limits.max_repetitions_per_day}`),
    numeric: true,
  },
  { key: "unlimited", header: "Unlimited play", cell: (row) => (row.limits === null ? NOT_LISTED : row.limits.unlimited ? "Allowed" : "Not allowed") },
];

type Editing = { readonly template: ExerciseTemplate | null } | null;

// /exercises for institution admins and super admins: the institution's games with each level's
// limits, the selection that leads to /create/assign, and the exercise templates (create, edit,
// duplicate, clear). The super admin belongs to no institution: they see the catalogue's levels
// (limits are per institution) and keep the platform's templates.
export function TemplatesPage({ user }: { readonly user: CurrentUser; readonly download: ContentDownloadPort }) {
  // /exercises shows templates to administrators: the document title agrees with this page's h1.
  useDocumentTitle("Exercise templates");
  const institutionId = user.institution?.id ?? null;
  const institutionGames = useInstitutionGames(institutionId);
  const catalogue = useGameCatalogue(institutionId === null);
  const games = institutionId === null ? catalogue : institutionGames;
  const templates = useTemplates(null);
  const viewer = permissionHolderOf(user);
  const assigning = assignAbilities(viewer);
  const canCreate = templateAbilities(viewer, null).create;
  // Assigning a template is a selection for /create/assign/ (spec: the route needs one), made from its row.
  const mayAssignTemplates = assigning.assignGames && assigning.fromTemplate;
  const selection = useGameSelection();
  const [, navigate] = useLocation();
  const assignTemplate = (template: ExerciseTemplate) => {
    selection.send({ type: "template.choose", template: { id: template.id, name: template.name, gameCount: template.games.length } });
    selection.send({ type: "assign.start" });
    navigate(hrefFor("create-assign"));
  };
  const [editing, setEditing] = useState<Editing>(null);
  const [clearing, setClearing] = useState<ExerciseTemplate | null>(null);
  const [news, setNews] = useState("");
  const duplicate = useTemplateWrite<ExerciseTemplate>((api, template) => api.duplicateTemplate(template.id));
  const clear = useTemplateWrite<ExerciseTemplate>((api, template) => api.clearTemplate(template.id, template.version));

  const selectable = useMemo<readonly NamedSelectableGame[]>(
    () =>
      institutionId === null
        ? (catalogue.data ?? []).map((game) => ({ id: game.id, name: game.name, levelsAvailable: game.levels_available }))
        : (institutionGames.data ?? []).map((game) => ({ id: game.id, name: game.name, levelsAvailable: game.levels.map((level) => level.difficulty) })),
    [institutionId, catalogue.data, institutionGames.data],
  );
  const levelRows = levelRowsOf(institutionId === null ? undefined : institutionGames.data, catalogue.data);
  const writeFailure = duplicate.isError ? failureMessage(duplicate.error) : clear.isError ? failureMessage(clear.error) : null;

  const templateColumns: readonly DataColumn<ExerciseTemplate>[] = [
    { key: "name", header: "Name", cell: (template) => template.name, isRowHeader: true },
    { key: "games", header: "Games and forms", cell: templateSummary },
    { key: "owner", header: "Kept by", cell: (template) => (template.institution === null ? "Platform" : "Institution") },
    {
      key: "actions",
      header: "Actions",
      cell: (template) => {
        const abilities = templateAbilities(viewer, template);
        return (
          <div className={styles.toolbar}>
            {mayAssignTemplates && template.games.length > 0 ? (
              <TableButton aria-label={`Assign ${template.name}`} onClick={() => assignTemplate(template)}>
                Assign
              </TableButton>
            ) : null}
            {abilities.edit ? (
              <TableButton aria-label={`Edit ${template.name}`} onClick={() => setEditing({ template })}>
                Edit
              </TableButton>
            ) : null}
            {abilities.duplicate ? (
              <TableButton
                aria-label={`Duplicate ${template.name}`}
                onClick={() =>
                  duplicate.mutate(template, { onSuccess: (copy) => setNews(`“${copy.name}” added, a copy of “${template.name}”.`) })
                }
              >
                Duplicate
              </TableButton>
            ) : null}
            {abilities.clear ? (
              <TableButton aria-label={`Clear content of ${template.name}`} onClick={() => setClearing(template)}>
                Clear content
              </TableButton>
            ) : null}
          </div>
        );
      },
    },
  ];

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Exercise templates</h1>
      <p className={styles.lead}>
        {institutionId === null
          ? "The platform’s templates, and the catalogue’s games with their levels."
          : "Your institution’s games with each level’s limits, and the templates your clinicians assign from."}
      </p>
      <QueryStatus query={games} loading="Loading the games…" status="" />
      {games.data === undefined ? null : (
        <>
          <section aria-labelledby="levels-heading" className={styles.section}>
            <h2 id="levels-heading" className={styles.subheading}>
              Games and their levels
            </h2>
            <DataTable caption="Levels and their limits" columns={LEVEL_COLUMNS} rows={levelRows} rowKey={(row) => row.key} empty="No games are offered yet." />
          </section>
          {assigning.assignGames ? <GameSelectionPanel games={selectable} /> : null}
        </>
      )}
      <section aria-labelledby="templates-heading" className={styles.section}>
        <h2 id="templates-heading" className={styles.subheading}>
          Templates
        </h2>
        {canCreate && games.data !== undefined ? (
          <div className={styles.toolbar}>
            <Button onPress={() => setEditing({ template: null })}>Create template</Button>
          </div>
        ) : null}
        <QueryStatus query={templates} loading="Loading the templates…" status="" />
        <StatusMessage>{news}</StatusMessage>
        <Alert>{writeFailure}</Alert>
        {templates.data === undefined ? null : (
          <DataTable caption="Templates" columns={templateColumns} rows={templates.data} rowKey={(template) => template.id} empty="No templates yet." />
        )}
      </section>
      {editing === null ? null : (
        <TemplateEditor
          template={editing.template}
          games={institutionGames.data ?? []}
          onClose={(saved) => {
            setEditing(null);
            if (saved !== null) setNews(editing.template === null ? `“${saved.name}” created.` : `“${saved.name}” saved.`);
          }}
        />
      )}
      <ConfirmationDialog
        isOpen={clearing !== null}
        title={`Clear the content of ${clearing?.name ?? "the template"}?`}
        confirmLabel="Clear content"
        destructive
        isPending={clear.isPending}
        onCancel={() => setClearing(null)}
        onConfirm={() => {
          if (clearing === null) return;
          clear.mutate(clearing, {
            onSuccess: (cleared) => setNews(`“${cleared.name}” cleared: it keeps its name and has no games.`),
            onSettled: () => setClearing(null),
          });
        }}
      >
        Every game and form of this template is removed; its name stays, so it can be filled in again. Assignments already made from it are not changed.
      </ConfirmationDialog>
    </div>
  );
}
