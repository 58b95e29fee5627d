import type { Difficulty } from "../../../domain/shared/games/difficulty.ts";
import { demoImageUrl } from "../../media/media-urls.ts";
import { type ItemsByDifficulty, slug } from "../content-item.ts";

/** Everyday objects first, then less frequent words: word frequency drives naming difficulty. */
export const NAMING_OBJECTS: Readonly<Record<Difficulty, readonly string[]>> = {
  easy: ["apple", "cup", "chair", "dog", "key", "shoe", "book", "clock", "spoon", "hat", "bed", "ball"],
  medium: ["umbrella", "scissors", "glasses", "ladder", "candle", "kettle", "wallet", "toothbrush", "pillow", "bicycle", "guitar", "envelope"],
  hard: ["stethoscope", "thermometer", "harmonica", "wheelbarrow", "colander", "binoculars", "accordion", "hourglass", "compass", "microscope", "saxophone", "hammock"],
};

export const objectImageName = (object: string): string => `object-${slug(object)}`;

export const namingItems: ItemsByDifficulty = (difficulty) =>
  NAMING_OBJECTS[difficulty].map((object) => ({ object_name: object, image_url: demoImageUrl(objectImageName(object)) }));
