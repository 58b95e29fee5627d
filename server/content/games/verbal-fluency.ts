import type { Difficulty } from "../../../domain/shared/games/difficulty.ts";
import type { ItemsByDifficulty } from "../content-item.ts";

type Indication = { readonly indication_type: "category" | "letter"; readonly indication: string };

/** Examples of fitting words per indication: the seed draws patients' answers from them. */
export const FLUENCY_WORDS: Readonly<Record<string, readonly string[]>> = {
  Animals: ["dog", "cat", "horse", "cow", "lion", "tiger", "rabbit", "sheep", "goat", "elephant", "mouse", "bear", "fox", "deer"],
  Fruits: ["apple", "banana", "orange", "pear", "grape", "cherry", "lemon", "peach", "plum", "mango", "melon", "kiwi"],
  Colours: ["red", "blue", "green", "yellow", "purple", "orange", "pink", "brown", "black", "white", "grey"],
  Clothes: ["shirt", "trousers", "sock", "shoe", "hat", "coat", "scarf", "dress", "skirt", "glove", "jumper"],
  Vegetables: ["carrot", "potato", "onion", "pea", "bean", "lettuce", "tomato", "cabbage", "broccoli", "leek", "spinach"],
  Jobs: ["teacher", "doctor", "nurse", "farmer", "baker", "driver", "lawyer", "plumber", "pilot", "chef", "dentist"],
  "Things in a kitchen": ["kettle", "fork", "plate", "oven", "fridge", "pan", "knife", "cup", "bowl", "toaster", "sink"],
  Sports: ["football", "tennis", "golf", "swimming", "cricket", "rugby", "boxing", "cycling", "skiing", "baseball"],
  "Musical instruments": ["piano", "guitar", "violin", "drum", "flute", "trumpet", "cello", "harp", "clarinet", "organ"],
  F: ["fish", "fork", "flower", "friend", "father", "farm", "fire", "flag", "foot", "fox", "fence"],
  S: ["sun", "sock", "snake", "salt", "sister", "school", "shop", "sand", "star", "soup", "seed"],
  P: ["pen", "paper", "pig", "plate", "park", "pear", "pillow", "pocket", "piano", "parrot", "pink"],
  T: ["table", "tree", "train", "tiger", "tea", "town", "toe", "tooth", "towel", "tent", "tomato"],
  M: ["milk", "mouse", "moon", "mother", "money", "map", "market", "music", "mango", "mirror", "mug"],
};

/** Words patients commonly offer that do not fit (intrusions from a neighbouring category). */
export const FLUENCY_INTRUSIONS: readonly string[] = ["table", "blue", "carrot", "running", "happy", "chair", "bread", "phone"];

const ITEMS: Readonly<Record<Difficulty, readonly Indication[]>> = {
  easy: ["Animals", "Fruits", "Colours", "Clothes"].map((indication) => ({ indication_type: "category", indication })),
  medium: ["Vegetables", "Jobs", "Things in a kitchen", "Sports"].map((indication) => ({ indication_type: "category", indication })),
  hard: [
    ...["F", "S", "P", "T", "M"].map((indication): Indication => ({ indication_type: "letter", indication })),
    { indication_type: "category", indication: "Musical instruments" },
  ],
};

export const verbalFluencyItems: ItemsByDifficulty = (difficulty) => ITEMS[difficulty];
