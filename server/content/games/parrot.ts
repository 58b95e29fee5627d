import type { Difficulty } from "../../../domain/shared/games/difficulty.ts";
import type { ItemsByDifficulty } from "../content-item.ts";

/** What the parrot says for the patient to repeat: words, then phrases, then full sentences. */
export const PARROT_PHRASES: Readonly<Record<Difficulty, readonly string[]>> = {
  easy: ["Hello", "Water", "Thank you", "Coffee", "Yes please", "Banana", "Sunday", "Window", "Doctor", "Butter"],
  medium: [
    "Good morning",
    "See you later",
    "I would like tea",
    "Open the door",
    "It is sunny today",
    "Where are my keys",
    "Call my daughter",
    "Turn on the light",
    "The bus is late",
    "I need a blanket",
  ],
  hard: [
    "Please pass the salt and pepper",
    "My appointment is on Thursday at three",
    "The grocery store closes at nine tonight",
    "I would like a glass of cold water, please",
    "Could you tell me where the pharmacy is",
    "We walked along the river after lunch",
    "The weather forecast says rain this weekend",
    "My granddaughter plays the violin",
  ],
};

export const parrotItems: ItemsByDifficulty = (difficulty) =>
  PARROT_PHRASES[difficulty].map((phrase) => ({ object_name: phrase }));
