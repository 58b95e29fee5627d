import type { Difficulty } from "../shared/games/difficulty.ts";
import type { GameType } from "../shared/games/game-type.ts";

// The files the server serves beside its JSON calls: exercise content and the demo media that
// content and attempts point at. They are fetched by URL (a download, an <audio>, an <img>), not
// through the API client, so they are declared here as route patterns, with the functions that
// fill them in; the server's platform routes (server/platform/) register the same patterns.

/** The route of a game's content file at one level (`:file` is `<difficulty>.json`). */
export const CONTENT_FILE_ROUTE = "/api/content/:gameType/:file";
/** The route of a demo recording (`:file` is `<name>.wav`). */
export const DEMO_AUDIO_ROUTE = "/api/media/audio/:file";
/** The route of a demo picture (`:file` is `<name>.svg`). */
export const DEMO_IMAGE_ROUTE = "/api/media/image/:file";

/** Where the content file of a game at one level is served (relative to the API's origin). */
export const contentFilePath = (gameType: GameType, difficulty: Difficulty): string =>
  CONTENT_FILE_ROUTE.replace(":gameType", gameType).replace(":file", `${difficulty}.json`);

/** Where the server serves a demo recording; content files and attempts store these paths. */
export const demoAudioPath = (name: string): string => DEMO_AUDIO_ROUTE.replace(":file", `${name}.wav`);

/** Where the server serves a demo picture. */
export const demoImagePath = (name: string): string => DEMO_IMAGE_ROUTE.replace(":file", `${name}.svg`);
