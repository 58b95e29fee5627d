import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";

/**
 * AES-256-GCM for small secrets at rest (authenticator secrets). A sealed value is one text
 * envelope, `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url parts), so the column stays text and
 * a row names the key that sealed it: after a rotation the previous key still opens old rows.
 */
export type SecretKey = { readonly id: string; readonly key: Buffer };

export type SecretKeyring = {
  /** Seals every new value. */
  readonly current: SecretKey;
  /** Opens values sealed before a rotation (MFA_SECRET_KEY_PREVIOUS); never seals. */
  readonly previous: SecretKey | undefined;
};

/** Why a stored value could not be opened; the message names the cause and never the secret. */
export class SealedSecretError extends Error {
  override readonly name = "SealedSecretError";
}

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

/**
 * A key's public name: an HMAC of a fixed label under the key, so the envelope tells which key
 * sealed it without revealing anything about the key.
 */
const keyId = (key: Buffer): string => createHmac("sha256", key).update("portal/secret-box/key-id/v1").digest("base64url").slice(0, 8);

const secretKey = (bytes: Uint8Array): SecretKey => {
  if (bytes.length !== KEY_BYTES) throw new SealedSecretError(`an AES-256 key has ${KEY_BYTES} bytes, not ${bytes.length}`);
  const key = Buffer.from(bytes);
  return { id: keyId(key), key };
};

/** The keyring of the configured keys (current, and previous during a rotation). */
export const secretKeyring = (keys: { readonly current: Uint8Array; readonly previous: Uint8Array | undefined }): SecretKeyring => ({
  current: secretKey(keys.current),
  previous: keys.previous === undefined ? undefined : secretKey(keys.previous),
});

/** Whether a stored value is an envelope at all (anything else is a legacy clear value). */
export const isSealed = (stored: string): boolean => stored.startsWith(`${VERSION}.`);

/**
 * Seals a secret under the current key. `context` (e.g. the owning row) is authenticated with
 * it, so an envelope copied to another row does not open there.
 */
export const sealSecret = (ring: SecretKeyring, plaintext: string, context: string): string => {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", ring.current.key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString("base64url"));
  return [VERSION, ring.current.id, ...parts].join(".");
};

export type OpenedSecret = {
  readonly plaintext: string;
  /** Sealed under the previous key: the caller should seal it again under the current one. */
  readonly stale: boolean;
};

/** Opens an envelope with the key it names; throws SealedSecretError when it is malformed, tampered with or under an unknown key. */
export const openSecret = (ring: SecretKeyring, envelope: string, context: string): OpenedSecret => {
  const [version, id, ...encoded] = envelope.split(".");
  if (version !== VERSION || encoded.length !== 3) throw new SealedSecretError("not a sealed secret (expected a v1 envelope)");
  const key = [ring.current, ring.previous].find((candidate) => candidate?.id === id);
  if (key === undefined) {
    throw new SealedSecretError(`sealed with key ${id}, which is neither MFA_SECRET_KEY (${ring.current.id}) nor MFA_SECRET_KEY_PREVIOUS${ring.previous === undefined ? " (unset)" : ` (${ring.previous.id})`}`);
  }
  const [iv, tag, ciphertext] = encoded.map((part) => Buffer.from(part, "base64url"));
  if (iv?.length !== IV_BYTES || tag?.length !== TAG_BYTES || ciphertext === undefined) throw new SealedSecretError("malformed envelope");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key.key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(tag);
    const plaintext = Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
    return { plaintext, stale: key !== ring.current };
  } catch {
    throw new SealedSecretError(`envelope under key ${key.id} failed authentication: altered, or moved from another row`);
  }
};
