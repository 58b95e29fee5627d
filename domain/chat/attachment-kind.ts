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

/** The file-name endings of each kind, the first the one a name is given when it has none of them. */
const EXTENSIONS: Readonly<Record<AttachmentKind, readonly string[]>> = {
  "application/pdf": [".pdf"],
  "image/png": [".png"],
  "image/jpeg": [".jpg", ".jpeg"],
};

/**
 * The name a file is kept and downloaded under: its own, when its ending says what its bytes are;
 * else with the ending of its kind in place of a wrong one ("scan.pdf" whose bytes are a PNG is
 * "scan.png"), or added where it has none. A download then opens in the program its bytes need,
 * and nobody reads a picture as a document by its name.
 */
export const storedAttachmentName = (name: string, kind: AttachmentKind): string => {
  const endings = EXTENSIONS[kind];
  const lower = name.toLowerCase();
  if (endings.some((ending) => lower.endsWith(ending) && lower.length > ending.length)) return name;
  const dot = name.lastIndexOf(".");
  // A dot that starts the name or ends it is no ending ("." alone, ".pdf", "report.").
  const stem = dot > 0 && dot < name.length - 1 && !name.slice(dot + 1).includes(" ") ? name.slice(0, dot) : name;
  const bare = stem.replace(/\.+$/, "");
  return `${bare === "" ? "attachment" : bare}${endings[0]}`;
};
