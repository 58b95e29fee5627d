export const PHONE_MASK_CHARACTER = "*";
export const PHONE_VISIBLE_DIGITS = 4;

/**
 * A stored phone number is shown masked except its last 4 characters, every other character
 * (the leading plus sign included) becoming '*', so the length still hints at the format.
 */
export const maskPhone = (phone: string | null | undefined): string => {
  const characters = [...(phone ?? "").trim()];
  const hidden = Math.max(0, characters.length - PHONE_VISIBLE_DIGITS);
  return PHONE_MASK_CHARACTER.repeat(hidden) + characters.slice(hidden).join("");
};
