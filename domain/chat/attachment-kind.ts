/** The kinds of file a message may carry, by their media type. */
export const ATTACHMENT_KINDS = ["application/pdf", "image/png", "image/jpeg"] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

/** The first bytes each kind begins with: a file is what its bytes say, never what its name says. */
const SIGNATURES: ReadonlyArray<readonly [AttachmentKind, readonly number[]]> = [
  ["application/pdf", [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  ["image/png", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ["image/jpeg", [0xff, 0xd8, 0xff]],
];

const startsWith = (bytes: Uint8Array, signature: readonly number[]): boolean =>
  bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);

/** The kind the file's first bytes name, or null for anything else (a renamed executable, an HTML page, an empty file). */
export const attachmentKindOf = (bytes: Uint8Array): AttachmentKind | null =>
  SIGNATURES.find(([, signature]) => startsWith(bytes, signature))?.[0] ?? null;
