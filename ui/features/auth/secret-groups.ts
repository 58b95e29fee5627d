/** How many characters of an authenticator key are shown together. */
export const SECRET_GROUP_SIZE = 4;

/**
 * An authenticator setup key in groups of four ("JBSW Y3DP EHPK 3PXP"), the way authenticator
 * apps print them, so a person typing it by hand can keep their place. Padding ('=') is dropped:
 * apps ignore it.
 */
export const secretGroups = (secret: string): string => {
  const characters = secret.replace(/=+$/, "");
  const groups: string[] = [];
  for (let start = 0; start < characters.length; start += SECRET_GROUP_SIZE) {
    groups.push(characters.slice(start, start + SECRET_GROUP_SIZE));
  }
  return groups.join(" ");
};
