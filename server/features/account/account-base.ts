/** The signed-in person's own record; the account-settings calls hang below it. */
export const ACCOUNT_BASE = "/api/users/me";
