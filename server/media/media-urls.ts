import { demoAudioPath, demoImagePath } from "../../domain/exercises/index.ts";
/** Where the server serves its demo media; content files and attempts store these paths. */
export const demoAudioUrl = demoAudioPath;
export const demoImageUrl = demoImagePath;
