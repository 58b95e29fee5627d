import { useMutation, useQuery, useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  type ContentDownloadPort,
  type DownloadProgress,
  exercisesApiOf,
  isDownloadAborted,
  isDownloadFailure,
  type TemplatesApi,
  templatesApiOf,
} from "../../../adapters/exercises/index.ts";
import type { ContentFile } from "../../../domain/exercises/content-file.ts";
import type { Difficulty } from "../../../domain/shared/games/difficulty.ts";
import type { GameType } from "../../../domain/shared/games/game-type.ts";
import type { ExerciseTemplate, GameSummary, InstitutionGame } from "../../../domain/exercises/index.ts";
import type { InstitutionId } from "../../../domain/shared/ids.ts";
import { OTHER_MESSAGES } from "../../../domain/shared/error-catalogue.ts";
import { useServices } from "../../services/services-context.tsx";
import { exercisesKeys } from "./exercises-keys.ts";

export const useExercisesApi = () => exercisesApiOf(useServices().adapters.client);

/** The game catalogue (GET games/), in display order. */
export function useGameCatalogue(enabled = true): UseQueryResult<readonly GameSummary[]> {
  const api = useExercisesApi();
  return useQuery({ queryKey: exercisesKeys.catalogue, queryFn: ({ signal }) => api.listGames(signal), enabled });
}

/** Where one content preview stands: not asked, downloading (with progress), failed (the spec's words), or read. */
export type PreviewState =
  | { readonly kind: "idle" }
  | { readonly kind: "downloading"; readonly progress: DownloadProgress }
  | { readonly kind: "cancelled" }
  | { readonly kind: "failed"; readonly message: string }
  | { readonly kind: "loaded"; readonly file: ContentFile };

/**
 * One level's content file for its preview: `start` downloads it (again after a failure), `cancel`
 * aborts the download. Leaving the page aborts it too, so nothing is set on an unmounted part.
 */
export function useContentPreview(download: ContentDownloadPort, url: string, gameType: GameType, difficulty: Difficulty) {
  const [state, setState] = useState<PreviewState>({ kind: "idle" });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(() => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ kind: "downloading", progress: { loadedBytes: 0, totalBytes: null } });
    download
      .downloadContentFile(url, {
        expected: { gameType, difficulty },
        signal: current.signal,
        onProgress: (progress) => {
          if (controller.current === current) setState({ kind: "downloading", progress });
        },
      })
      .then(
        (file) => {
          if (controller.current === current) setState({ kind: "loaded", file });
        },
        (error: unknown) => {
          if (controller.current !== current) return;
          if (isDownloadAborted(error)) setState({ kind: "cancelled" });
          else setState({ kind: "failed", message: isDownloadFailure(error) ? error.message : OTHER_MESSAGES.errorDownloadingFile });
        },
      );
  }, [download, url, gameType, difficulty]);

  const cancel = useCallback(() => controller.current?.abort(), []);
  return { state, start, cancel };
}

export const useTemplatesApi = () => templatesApiOf(useServices().adapters.client);

/** The games an institution offers, with each level's content URL and limits; not asked without an institution. */
export function useInstitutionGames(institutionId: InstitutionId | null): UseQueryResult<readonly InstitutionGame[]> {
  const api = useTemplatesApi();
  return useQuery({
    queryKey: exercisesKeys.institutionGames(institutionId ?? 0),
    queryFn: ({ signal }) => (institutionId === null ? Promise.resolve([]) : api.listInstitutionGames(institutionId, signal)),
    enabled: institutionId !== null,
  });
}

/** The templates the user may use (their institution's and the platform's). */
export function useTemplates(institutionId: InstitutionId | null): UseQueryResult<readonly ExerciseTemplate[]> {
  const api = useTemplatesApi();
  return useQuery({ queryKey: exercisesKeys.templates(institutionId), queryFn: ({ signal }) => api.listTemplates(institutionId, signal) });
}

/** A template write (create, update, duplicate, clear) that refreshes the templates list when it lands. */
export function useTemplateWrite<Input>(write: (api: TemplatesApi, input: Input) => Promise<ExerciseTemplate>) {
  const api = useTemplatesApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => write(api, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["exercises", "templates"] }),
  });
}
