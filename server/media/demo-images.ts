import { DIFFICULTY_ORDER } from "../../domain/shared/games/difficulty.ts";
import {
  MEDICATION_LABELS,
  type MedicationLabel,
  pillBottleImageName,
  prescriptionImageName,
} from "../content/games/medication-items.ts";
import { NAMING_OBJECTS, objectImageName } from "../content/games/naming.ts";
import { hashSeed } from "../prng.ts";

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c);

const wrap = (text: string, width: number): string[] => {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  if (line !== "") lines.push(line);
  return lines;
};

const svg = (width: number, height: number, title: string, body: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}"><title>${escapeXml(title)}</title>${body}</svg>`;

const PALETTE = ["#2563eb", "#16a34a", "#dc2626", "#ca8a04", "#9333ea", "#0891b2", "#ea580c", "#db2777"];

/** A picture card for a naming object: a coloured emblem and the word under it. */
const objectCard = (object: string): string => {
  const colour = PALETTE[hashSeed(object) % PALETTE.length] ?? "#2563eb";
  return svg(
    320,
    240,
    `Picture of a ${object}`,
    `<rect width="320" height="240" rx="16" fill="#f8fafc" stroke="#cbd5e1"/>` +
      `<circle cx="160" cy="100" r="56" fill="${colour}" opacity="0.85"/>` +
      `<text x="160" y="116" font-family="sans-serif" font-size="48" text-anchor="middle" fill="#fff">${escapeXml(object.charAt(0).toUpperCase())}</text>` +
      `<text x="160" y="200" font-family="sans-serif" font-size="26" text-anchor="middle" fill="#0f172a">${escapeXml(object)}</text>`,
  );
};

const prescriptionCard = (label: MedicationLabel): string => {
  const directions = wrap(label.directions, 34)
    .map((line, i) => `<text x="24" y="${150 + i * 22}" font-family="sans-serif" font-size="17" fill="#0f172a">${escapeXml(line)}</text>`)
    .join("");
  return svg(
    360,
    260,
    `Prescription for ${label.drug} ${label.strength}`,
    `<rect width="360" height="260" rx="10" fill="#ffffff" stroke="#94a3b8"/>` +
      `<text x="24" y="44" font-family="serif" font-size="34" font-style="italic" fill="#1e3a8a">Rx</text>` +
      `<text x="80" y="40" font-family="sans-serif" font-size="14" fill="#475569">Riverside Pharmacy · Patient: Demo Patient</text>` +
      `<line x1="24" y1="60" x2="336" y2="60" stroke="#cbd5e1"/>` +
      `<text x="24" y="100" font-family="sans-serif" font-size="24" font-weight="bold" fill="#0f172a">${escapeXml(`${label.drug} ${label.strength}`)}</text>` +
      `<text x="24" y="126" font-family="sans-serif" font-size="15" fill="#475569">Directions:</text>` +
      directions +
      `<text x="24" y="238" font-family="sans-serif" font-size="15" fill="#475569">${escapeXml(`Qty: ${label.quantity}   Refills: ${label.refills}`)}</text>`,
  );
};

const pillBottle = (label: MedicationLabel): string =>
  svg(
    240,
    320,
    `Pill bottle of ${label.drug} ${label.strength}`,
    `<rect x="50" y="20" width="140" height="50" rx="8" fill="#f1f5f9" stroke="#64748b"/>` +
      `<rect x="40" y="66" width="160" height="234" rx="18" fill="#f97316" opacity="0.9"/>` +
      `<rect x="52" y="120" width="136" height="130" rx="6" fill="#ffffff"/>` +
      `<text x="120" y="158" font-family="sans-serif" font-size="20" font-weight="bold" text-anchor="middle" fill="#0f172a">${escapeXml(label.drug)}</text>` +
      `<text x="120" y="186" font-family="sans-serif" font-size="17" text-anchor="middle" fill="#0f172a">${escapeXml(label.strength)}</text>` +
      `<text x="120" y="220" font-family="sans-serif" font-size="14" text-anchor="middle" fill="#475569">${escapeXml(`${label.quantity} tablets`)}</text>`,
  );

const IMAGES: ReadonlyMap<string, () => string> = new Map<string, () => string>([
  ...DIFFICULTY_ORDER.flatMap((difficulty) =>
    NAMING_OBJECTS[difficulty].map((object): [string, () => string] => [objectImageName(object), () => objectCard(object)]),
  ),
  ...MEDICATION_LABELS.flatMap((label, index): Array<[string, () => string]> => [
    [prescriptionImageName(index), () => prescriptionCard(label)],
    [pillBottleImageName(index), () => pillBottle(label)],
  ]),
]);

/** The SVG of a demo picture (naming objects, prescriptions, pill bottles), or undefined for an unknown name. */
export const demoImage = (name: string): string | undefined => IMAGES.get(name)?.();
