import type { Difficulty } from "../../../domain/shared/games/difficulty.ts";
import { demoImageUrl } from "../../media/media-urls.ts";
import type { ContentItem, ItemsByDifficulty } from "../content-item.ts";

/** A labelled prescription and its bottle, with a question read off them. */
export type MedicationLabel = {
  readonly drug: string;
  readonly strength: string;
  readonly directions: string;
  readonly quantity: number;
  readonly refills: number;
  readonly question: string;
  readonly answer: string;
};

export const MEDICATION_LABELS: readonly MedicationLabel[] = [
  { drug: "Lisinopril", strength: "10 mg", directions: "Take 1 tablet by mouth once daily in the morning", quantity: 30, refills: 3, question: "How many tablets do you take each day?", answer: "1 tablet" },
  { drug: "Metformin", strength: "500 mg", directions: "Take 1 tablet twice daily with meals", quantity: 60, refills: 5, question: "When should you take this medicine?", answer: "With breakfast and dinner" },
  { drug: "Atorvastatin", strength: "20 mg", directions: "Take 1 tablet at bedtime", quantity: 30, refills: 2, question: "What time of day do you take it?", answer: "At bedtime" },
  { drug: "Amoxicillin", strength: "500 mg", directions: "Take 1 capsule three times daily for 7 days", quantity: 21, refills: 0, question: "For how many days do you take it?", answer: "7 days" },
  { drug: "Levothyroxine", strength: "50 mcg", directions: "Take 1 tablet every morning on an empty stomach", quantity: 90, refills: 1, question: "Should you take it with food?", answer: "No, on an empty stomach" },
  { drug: "Amlodipine", strength: "5 mg", directions: "Take 1 tablet daily", quantity: 90, refills: 3, question: "How many tablets are in the bottle?", answer: "90 tablets" },
  { drug: "Omeprazole", strength: "20 mg", directions: "Take 1 capsule 30 minutes before breakfast", quantity: 30, refills: 2, question: "When do you take it?", answer: "30 minutes before breakfast" },
  { drug: "Sertraline", strength: "50 mg", directions: "Take 1 tablet daily", quantity: 30, refills: 2, question: "How many refills are left?", answer: "2 refills" },
];

/** Written directions whose total pill count the patient works out. */
export const MEDICATION_DIRECTIONS: ReadonlyArray<{ readonly prescription: string; readonly pillCount: number }> = [
  { prescription: "Take 2 tablets twice a day for 3 days. How many tablets do you need?", pillCount: 12 },
  { prescription: "Take 1 tablet three times a day for 5 days. How many tablets do you need?", pillCount: 15 },
  { prescription: "Take 1 capsule every 8 hours for 2 days. How many capsules do you need?", pillCount: 6 },
  { prescription: "Take 2 tablets in the morning and 1 at night for 4 days. How many tablets do you need?", pillCount: 12 },
  { prescription: "Take 1 tablet every morning for 2 weeks. How many tablets do you need?", pillCount: 14 },
  { prescription: "Take 3 tablets on the first day, then 2 tablets daily for 4 more days. How many tablets do you need?", pillCount: 11 },
  { prescription: "Take 1 tablet twice daily for 10 days. How many tablets do you need?", pillCount: 20 },
  { prescription: "Take 2 capsules at bedtime for one week. How many capsules do you need?", pillCount: 14 },
];

export const prescriptionImageName = (index: number): string => `prescription-${index + 1}`;
export const pillBottleImageName = (index: number): string => `pill-bottle-${index + 1}`;

const imageItem = (label: MedicationLabel, index: number): ContentItem => ({
  variant: "image",
  pill_prescription_image_url: demoImageUrl(prescriptionImageName(index)),
  pill_bottle_image_url: demoImageUrl(pillBottleImageName(index)),
  question: label.question,
  expected_answer: label.answer,
});

const directionsItem = (entry: (typeof MEDICATION_DIRECTIONS)[number]): ContentItem => ({
  variant: "directions",
  prescription: entry.prescription,
  expected_pill_count: entry.pillCount,
});

/** Reading labels first; working out totals from directions is the harder task. */
const ITEMS: Readonly<Record<Difficulty, readonly ContentItem[]>> = {
  easy: MEDICATION_LABELS.map(imageItem),
  medium: [...MEDICATION_LABELS.slice(0, 6).map(imageItem), ...MEDICATION_DIRECTIONS.slice(0, 4).map(directionsItem)],
  hard: MEDICATION_DIRECTIONS.map(directionsItem),
};

export const medicationItems: ItemsByDifficulty = (difficulty) => ITEMS[difficulty];
