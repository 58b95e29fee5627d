import { describe, expect, it } from "vitest";
import { SealedSecretError, isSealed, openSecret, sealSecret, secretKeyring } from "./secret-box.ts";

const KEY_A = new Uint8Array(32).fill(1);
const KEY_B = new Uint8Array(32).fill(2);
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const CONTEXT = "mfa_enrolments.totp_secret/user:7";

/** Flips one bit of the byte at `index` of the envelope part `part` (2 iv, 3 tag, 4 ciphertext). */
const flip = (envelope: string, part: number, index = 0): string => {
  const parts = envelope.split(".");
  const bytes = Buffer.from(parts[part] ?? "", "base64url");
  bytes[index] = (bytes[index] ?? 0) ^ 1;
  parts[part] = bytes.toString("base64url");
  return parts.join(".");
};

describe("secret box (AES-256-GCM envelopes)", () => {
  const ring = secretKeyring({ current: KEY_A, previous: undefined });

  it("round-trips a secret, and never writes it in clear", () => {
    const sealed = sealSecret(ring, SECRET, CONTEXT);
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain(SECRET);
    expect(sealed.split(".")).toHaveLength(5);
    expect(openSecret(ring, sealed, CONTEXT)).toEqual({ plaintext: SECRET, stale: false });
  });

  it("seals the same secret differently each time (fresh IV)", () => {
    expect(sealSecret(ring, SECRET, CONTEXT)).not.toBe(sealSecret(ring, SECRET, CONTEXT));
  });

  it.each([
    ["iv", 2],
    ["tag", 3],
    ["ciphertext", 4],
  ])("detects a flipped bit in the %s", (_, part) => {
    const sealed = sealSecret(ring, SECRET, CONTEXT);
    expect(() => openSecret(ring, flip(sealed, part), CONTEXT)).toThrow(/failed authentication/);
  });

  it("does not open an envelope copied to another row", () => {
    const sealed = sealSecret(ring, SECRET, CONTEXT);
    expect(() => openSecret(ring, sealed, "mfa_enrolments.totp_secret/user:8")).toThrow(SealedSecretError);
  });

  it("fails clearly under a wrong key, naming the key ids and not the secret", () => {
    const sealed = sealSecret(ring, SECRET, CONTEXT);
    const other = secretKeyring({ current: KEY_B, previous: undefined });
    let message = "";
    try {
      openSecret(other, sealed, CONTEXT);
    } catch (error) {
      expect(error).toBeInstanceOf(SealedSecretError);
      message = (error as Error).message;
    }
    expect(message).toContain(`sealed with key ${ring.current.id}`);
    expect(message).toContain("neither MFA_SECRET_KEY");
    expect(message).not.toContain(SECRET);
  });

  it("after a rotation opens old envelopes with the previous key (stale) and seals new ones with the current key", () => {
    const old = sealSecret(ring, SECRET, CONTEXT);
    const rotated = secretKeyring({ current: KEY_B, previous: KEY_A });
    expect(openSecret(rotated, old, CONTEXT)).toEqual({ plaintext: SECRET, stale: true });
    const fresh = sealSecret(rotated, SECRET, CONTEXT);
    expect(fresh.split(".")[1]).toBe(rotated.current.id);
    expect(openSecret(rotated, fresh, CONTEXT)).toEqual({ plaintext: SECRET, stale: false });
    // Once the previous key is dropped, only the re-sealed envelope still opens.
    const afterwards = secretKeyring({ current: KEY_B, previous: undefined });
    expect(() => openSecret(afterwards, old, CONTEXT)).toThrow(SealedSecretError);
    expect(openSecret(afterwards, fresh, CONTEXT).plaintext).toBe(SECRET);
  });

  it("refuses values that are not envelopes, and keys that are not 32 bytes", () => {
    expect(isSealed(SECRET)).toBe(false);
    expect(() => openSecret(ring, SECRET, CONTEXT)).toThrow(/not a sealed secret/);
    expect(() => openSecret(ring, "v1.abc.def", CONTEXT)).toThrow(/not a sealed secret/);
    expect(() => secretKeyring({ current: new Uint8Array(16), previous: undefined })).toThrow(/32 bytes/);
  });
});
