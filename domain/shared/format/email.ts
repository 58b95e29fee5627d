export const EMAIL_DISPLAY_LIMIT = 20;

/** The sidebar shows at most 20 characters of an email, followed by an ellipsis when it was cut. */
export const truncateEmail = (email: string | null | undefined): string => {
  const characters = [...(email ?? "")];
  return characters.length > EMAIL_DISPLAY_LIMIT
    ? `${characters.slice(0, EMAIL_DISPLAY_LIMIT).join("")}…`
    : characters.join("");
};
