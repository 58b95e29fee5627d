import type { Difficulty } from "../shared/games/difficulty.ts";
import type { GameType } from "../shared/games/game-type.ts";

// The files the server serves beside its JSON calls: exercise content and the demo media that
// content and attempts point at. They are fetched by URL (a download, an <audio>, an <img>), not
// through the API client, so their paths are written here once as functions rather than as
// endpoints; the server's platform routes (server/platform/) answer them.

/** Where the content file of a game at one level is served (relative to the API's origin). */
export const contentFilePath = (gameType: GameType, difficulty: Difficulty): string => `/api/content/${gameType}/${difficulty}.json`;

/** Where the server serves a demo recording; content files and attempts store these paths. */
export const demoAudioPath = (name: string): string => `/api/media/audio/${name}.wav`;

/** Where the server serves a demo picture. */
export const demoImagePath = (name: string): string => `/api/media/image/${name}.svg`;
