/**
 * Reference places: every ISO 3166-1 country (names from the runtime's Unicode data), the US
 * states, the provinces/states of the other countries the demo uses, and cities with real
 * postal codes and area codes, so seeded addresses pass the portal's postal-code validation.
 */
export const COUNTRY_CODES: readonly string[] = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
  "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP " +
  "KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT " +
  "MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW " +
  "SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG " +
  "UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
).split(" ");

/** Other names people type for a country (search in the place picker). */
export const COUNTRY_ALTERNATE_NAMES: Readonly<Record<string, readonly string[]>> = {
  US: ["United States of America", "USA", "U.S."],
  GB: ["United Kingdom of Great Britain and Northern Ireland", "UK", "Great Britain", "Britain"],
  DE: ["Deutschland", "Federal Republic of Germany"],
  MX: ["México", "United Mexican States"],
  JP: ["Nippon", "Nihon"],
  CA: ["Canada"],
};

export type StateSeed = { readonly country: string; readonly code2: string; readonly name: string; readonly alternateNames?: readonly string[] };

export const STATES: readonly StateSeed[] = [
  ...(
    [
      ["AL", "Alabama"], ["AK", "Alaska"], ["AZ", "Arizona"], ["AR", "Arkansas"], ["CA", "California"],
      ["CO", "Colorado"], ["CT", "Connecticut"], ["DE", "Delaware"], ["DC", "District of Columbia"], ["FL", "Florida"],
      ["GA", "Georgia"], ["HI", "Hawaii"], ["ID", "Idaho"], ["IL", "Illinois"], ["IN", "Indiana"], ["IA", "Iowa"],
      ["KS", "Kansas"], ["KY", "Kentucky"], ["LA", "Louisiana"], ["ME", "Maine"], ["MD", "Maryland"],
      ["MA", "Massachusetts"], ["MI", "Michigan"], ["MN", "Minnesota"], ["MS", "Mississippi"], ["MO", "Missouri"],
      ["MT", "Montana"], ["NE", "Nebraska"], ["NV", "Nevada"], ["NH", "New Hampshire"], ["NJ", "New Jersey"],
      ["NM", "New Mexico"], ["NY", "New York"], ["NC", "North Carolina"], ["ND", "North Dakota"], ["OH", "Ohio"],
      ["OK", "Oklahoma"], ["OR", "Oregon"], ["PA", "Pennsylvania"], ["RI", "Rhode Island"], ["SC", "South Carolina"],
      ["SD", "South Dakota"], ["TN", "Tennessee"], ["TX", "Texas"], ["UT", "Utah"], ["VT", "Vermont"],
      ["VA", "Virginia"], ["WA", "Washington"], ["WV", "West Virginia"], ["WI", "Wisconsin"], ["WY", "Wyoming"],
    ] as const
  ).map(([code2, name]): StateSeed => ({ country: "US", code2, name })),
  { country: "CA", code2: "ON", name: "Ontario" },
  { country: "CA", code2: "BC", name: "British Columbia" },
  { country: "GB", code2: "ENG", name: "England" },
  { country: "DE", code2: "BE", name: "Berlin" },
  { country: "DE", code2: "BY", name: "Bavaria", alternateNames: ["Bayern"] },
  { country: "MX", code2: "CMX", name: "Ciudad de México", alternateNames: ["Mexico City"] },
  { country: "JP", code2: "13", name: "Tokyo", alternateNames: ["Tōkyō-to"] },
];

export type CitySeed = {
  readonly country: string;
  readonly state: string;
  readonly name: string;
  readonly zipCodes: readonly string[];
  /** Telephone area code (US); null where demo patients get no phone number. */
  readonly areaCode: string | null;
  readonly alternateNames?: readonly string[];
};

const us = (state: string, name: string, areaCode: string, zipCodes: readonly string[], alternateNames?: readonly string[]): CitySeed =>
  alternateNames === undefined
    ? { country: "US", state, name, zipCodes, areaCode }
    : { country: "US", state, name, zipCodes, areaCode, alternateNames };

export const US_CITIES: readonly CitySeed[] = [
  us("NY", "New York", "212", ["10001", "10016", "10025", "10128"], ["NYC", "New York City"]),
  us("NY", "Buffalo", "716", ["14201", "14214"]),
  us("CA", "Los Angeles", "213", ["90012", "90024", "90036"], ["LA"]),
  us("CA", "San Francisco", "415", ["94102", "94110", "94117"], ["SF"]),
  us("CA", "San Diego", "619", ["92101", "92103"]),
  us("IL", "Chicago", "312", ["60601", "60614", "60657"]),
  us("IL", "Springfield", "217", ["62701", "62704"]),
  us("TX", "Houston", "713", ["77002", "77006"]),
  us("TX", "Austin", "512", ["78701", "78704"]),
  us("TX", "Dallas", "214", ["75201", "75204"]),
  us("WA", "Seattle", "206", ["98101", "98103", "98115"]),
  us("MA", "Boston", "617", ["02108", "02115", "02130"]),
  us("FL", "Miami", "305", ["33130", "33133"]),
  us("FL", "Orlando", "407", ["32801", "32803"]),
  us("PA", "Philadelphia", "215", ["19103", "19107"]),
  us("PA", "Pittsburgh", "412", ["15213", "15217"]),
  us("OH", "Columbus", "614", ["43215", "43201"]),
  us("OH", "Cleveland", "216", ["44113", "44106"]),
  us("GA", "Atlanta", "404", ["30303", "30308"]),
  us("CO", "Denver", "303", ["80202", "80206"]),
  us("OR", "Portland", "503", ["97201", "97209"]),
  us("MN", "Minneapolis", "612", ["55401", "55408"]),
  us("MI", "Detroit", "313", ["48226", "48201"]),
  us("AZ", "Phoenix", "602", ["85004", "85016"]),
  us("NC", "Charlotte", "704", ["28202", "28203"]),
  us("TN", "Nashville", "615", ["37203", "37206"]),
  us("WI", "Madison", "608", ["53703", "53705"]),
];

export const OTHER_CITIES: readonly CitySeed[] = [
  { country: "CA", state: "ON", name: "Toronto", zipCodes: ["M5V 2T6", "M4W 1A8"], areaCode: null },
  { country: "CA", state: "BC", name: "Vancouver", zipCodes: ["V6B 1A1", "V5K 0A1"], areaCode: null },
  { country: "GB", state: "ENG", name: "London", zipCodes: ["SW1A 1AA", "EC1A 1BB"], areaCode: null },
  { country: "GB", state: "ENG", name: "Manchester", zipCodes: ["M1 1AE"], areaCode: null },
  { country: "DE", state: "BE", name: "Berlin", zipCodes: ["10115", "10117"], areaCode: null },
  { country: "DE", state: "BY", name: "Munich", zipCodes: ["80331"], areaCode: null, alternateNames: ["München"] },
  { country: "MX", state: "CMX", name: "Mexico City", zipCodes: ["06000", "06700"], areaCode: null, alternateNames: ["Ciudad de México", "CDMX"] },
  { country: "JP", state: "13", name: "Tokyo", zipCodes: ["100-0001", "160-0022"], areaCode: null },
];

export const CITIES: readonly CitySeed[] = [...US_CITIES, ...OTHER_CITIES];
