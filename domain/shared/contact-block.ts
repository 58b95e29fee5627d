/**
 * A person's contact block as stored (patients, SLPs): address lines, the chosen places by id, the
 * postal code and the phone (E.164). Empty address lines and postal code are "", places and
 * phone not given are null.
 */
export type ContactBlock = {
  readonly address1: string;
  readonly address2: string;
  readonly cityId: number | null;
  readonly stateId: number | null;
  readonly countryId: number | null;
  readonly zipCode: string;
  readonly phone: string | null;
};
