import type { Difficulty } from "../../../domain/shared/games/difficulty.ts";
import type { ContentItem, ItemsByDifficulty } from "../content-item.ts";

type Situation = {
  readonly situation: string;
  readonly question: string;
  readonly expected_behavior: string;
  /** The first option is the appropriate one; the game shuffles them at easy level. */
  readonly options: readonly [string, string, string];
};

const EVERYDAY: readonly Situation[] = [
  { situation: "A neighbour waves at you from across the street.", question: "What do you do?", expected_behavior: "Wave back and smile, or say hello.", options: ["Wave back and smile", "Look away", "Cross the street to avoid them"] },
  { situation: "The cashier gives you too much change.", question: "What should you say?", expected_behavior: "Tell the cashier about the mistake and return the extra money.", options: ["Tell the cashier and give it back", "Keep it and leave", "Ask for even more change"] },
  { situation: "A friend tells you their dog has died.", question: "How do you respond?", expected_behavior: "Express sympathy, for example 'I am so sorry, I know how much you loved him.'", options: ["Say you are sorry for their loss", "Talk about your own dog", "Change the subject"] },
  { situation: "Someone is holding the door open for you.", question: "What do you do?", expected_behavior: "Walk through and thank them.", options: ["Say thank you", "Walk past without a word", "Wait for them to go first"] },
  { situation: "You bump into someone in a busy shop.", question: "What do you say?", expected_behavior: "Apologise, for example 'Excuse me, I am sorry.'", options: ["Say excuse me, I am sorry", "Keep walking", "Tell them to watch out"] },
  { situation: "Your phone rings during a doctor's appointment.", question: "What should you do?", expected_behavior: "Silence the phone, apologise and continue the appointment.", options: ["Silence it and apologise", "Answer and talk loudly", "Leave the room for a long call"] },
];

const HARDER: readonly Situation[] = [
  { situation: "Your grandson visits but stays on his phone the whole time.", question: "How could you tell him you would like to talk?", expected_behavior: "Kindly say you miss talking with him and ask about his week.", options: ["Ask him kindly about his week", "Take the phone away", "Say nothing and feel upset"] },
  { situation: "A waiter brings you the wrong meal at a restaurant.", question: "What would you say to the waiter?", expected_behavior: "Politely explain the order was different and ask for the right dish.", options: ["Politely explain the mistake", "Eat it and complain later", "Leave without paying"] },
  { situation: "Your friend is late for lunch for the third time this month.", question: "How do you bring it up?", expected_behavior: "Calmly say that waiting is hard for you and ask if another time would suit them better.", options: ["Calmly say how it affects you", "Shout at them", "Stop inviting them without saying why"] },
  { situation: "A caller says they are from your bank and asks for your PIN.", question: "What do you do?", expected_behavior: "Refuse to give the PIN, hang up, and call the bank on the number on your card.", options: ["Refuse and call the bank yourself", "Give the PIN", "Give only half of the PIN"] },
  { situation: "At a family dinner, a relative makes a joke you find hurtful.", question: "How could you respond?", expected_behavior: "Say calmly that the joke hurt and ask them not to say it again.", options: ["Say calmly that it hurt", "Leave the table in silence", "Make a hurtful joke back"] },
  { situation: "Your neighbour's music is loud late at night.", question: "What would you say to them the next day?", expected_behavior: "Politely explain the noise kept you awake and ask them to keep it down after ten.", options: ["Politely ask them to keep it down", "Bang on the wall", "Call the police at once"] },
];

const ITEMS: Readonly<Record<Difficulty, readonly Situation[]>> = {
  easy: EVERYDAY,
  medium: [...EVERYDAY.slice(3), ...HARDER.slice(0, 3)],
  hard: HARDER,
};

/**
 * Options are offered at easy level only (the patient picks one); at medium and hard the patient
 * answers aloud, so `options` is empty and the wrong choices travel as `distractors` (ignored by
 * the portal, used by the demo to write plausible wrong answers).
 */
export const socialSituationItems: ItemsByDifficulty = (difficulty) =>
  ITEMS[difficulty].map(
    (entry): ContentItem =>
      difficulty === "easy"
        ? { ...entry, options: [...entry.options] }
        : { ...entry, options: [], distractors: entry.options.slice(1) },
  );
