import { randomToken, sha256Hex } from "../../auth/auth-keys.ts";

/**
 * A device token: 32 random bytes in base64url (43 characters), shown once. Only its SHA-256 is
 * stored: the token has 256 bits of entropy, so the hash cannot be reversed or guessed and needs
 * no server key (as refresh tokens, server/auth/auth-keys.ts), and a copy of the table sends no
 * session. The hash is also the lookup key (unique index), so no prefix id is needed.
 */
export const newDeviceToken = (): string => randomToken();

/** The stored form of a token. */
export const deviceTokenHash = (token: string): string => sha256Hex(token);
