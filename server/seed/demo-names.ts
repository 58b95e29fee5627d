import type { BirthGender } from "../../domain/patients/patients-wire.ts";

/** Given names with the birth gender the demo assigns alongside them. */
export const GIVEN_NAMES: ReadonlyArray<readonly [string, BirthGender]> = [
  ["Olivia", "female"], ["Emma", "female"], ["Ava", "female"], ["Sophia", "female"], ["Isabella", "female"],
  ["Mia", "female"], ["Charlotte", "female"], ["Amelia", "female"], ["Harper", "female"], ["Evelyn", "female"],
  ["Abigail", "female"], ["Emily", "female"], ["Margaret", "female"], ["Dorothy", "female"], ["Ruth", "female"],
  ["Helen", "female"], ["Frances", "female"], ["Rosa", "female"], ["Mei", "female"], ["Aisha", "female"],
  ["Priya", "female"], ["Lucia", "female"], ["Grace", "female"], ["Joan", "female"], ["Nora", "female"],
  ["Liam", "male"], ["Noah", "male"], ["Oliver", "male"], ["Elijah", "male"], ["James", "male"],
  ["William", "male"], ["Benjamin", "male"], ["Lucas", "male"], ["Henry", "male"], ["Theodore", "male"],
  ["Walter", "male"], ["Harold", "male"], ["Arthur", "male"], ["George", "male"], ["Frank", "male"],
  ["Raymond", "male"], ["Carlos", "male"], ["Hiroshi", "male"], ["Omar", "male"], ["Rahul", "male"],
  ["Mateo", "male"], ["Samuel", "male"], ["Joseph", "male"], ["Edward", "male"], ["Daniel", "male"],
  ["Alex", "intersex"], ["Jordan", "intersex"], ["Robin", "intersex"],
];

export const FAMILY_NAMES: readonly string[] = [
  "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez",
  "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin",
  "Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson",
  "Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores",
  "Green", "Adams", "Nelson", "Baker", "Hall", "Rivera", "Campbell", "Mitchell", "Carter", "Roberts",
  "Patel", "Kim", "Chen", "Okafor", "Kowalski", "O'Brien", "Schmidt", "Tanaka", "Silva", "Haddad",
];

export const STREET_NAMES: readonly string[] = [
  "Maple", "Oak", "Pine", "Cedar", "Elm", "Washington", "Lake", "Hill", "Park", "Main",
  "Church", "River", "Sunset", "Highland", "Meadow", "Willow", "Spring", "Forest", "Chestnut", "Lincoln",
];
export const STREET_SUFFIXES: readonly string[] = ["Street", "Avenue", "Road", "Lane", "Drive", "Court", "Boulevard", "Way"];
