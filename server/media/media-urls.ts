/** Where the server serves its demo media; content files and attempts store these paths. */
export const demoAudioUrl = (name: string): string => `/api/media/audio/${name}.wav`;
export const demoImageUrl = (name: string): string => `/api/media/image/${name}.svg`;
