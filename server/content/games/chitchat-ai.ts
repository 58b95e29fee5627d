import type { ItemsByDifficulty } from "../content-item.ts";

/** Conversation topics the AI partner opens with. */
export const CHITCHAT_TOPICS: readonly string[] = [
  "Plans for the weekend",
  "A favourite meal and how to cook it",
  "Ordering a coffee at a cafe",
  "Talking about today's weather",
  "A trip you remember",
  "Your hobbies",
  "Shopping for groceries",
  "Your family",
];

/** AI chit-chat is offered at the easy level only. */
export const chitchatItems: ItemsByDifficulty = (difficulty) =>
  difficulty !== "easy" ? [] : CHITCHAT_TOPICS.map((topic) => ({ topic, opening_line: `Let's chat about this: ${topic.toLowerCase()}.` }));
