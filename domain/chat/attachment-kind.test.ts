import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { ATTACHMENT_KINDS, attachmentKindOf, storedAttachmentName } from "./attachment-kind.ts";

const bytes = (...values: number[]) => Uint8Array.from(values);

describe("an attachment's kind, by its bytes", () => {
  it("knows a PDF, a PNG and a JPEG by their first bytes", () => {
    expect(attachmentKindOf(new TextEncoder().encode("%PDF-1.7\n"))).toBe("application/pdf");
    expect(attachmentKindOf(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe("image/png");
    expect(attachmentKindOf(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("image/jpeg");
  });

  it("refuses what only its name would call a PDF: an HTML page, an executable, an empty file", () => {
    expect(attachmentKindOf(new TextEncoder().encode("<html><script>"))).toBeNull();
    expect(attachmentKindOf(bytes(0x4d, 0x5a, 0x90))).toBeNull();
    expect(attachmentKindOf(bytes())).toBeNull();
    expect(attachmentKindOf(bytes(0x89, 0x50, 0x4e))).toBeNull();
  });

  test.prop([fc.uint8Array({ maxLength: 64 })])("names a kind only when the bytes begin with its signature", (data) => {
    const kind = attachmentKindOf(data);
    const text = new TextDecoder("latin1").decode(data.slice(0, 5));
    if (kind === "application/pdf") expect(text).toBe("%PDF-");
    if (kind === "image/jpeg") expect([...data.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    if (kind === "image/png") expect(data[1]).toBe(0x50);
  });
});

describe("the name an attachment is kept under", () => {
  it("keeps a name whose ending says what the bytes are, and corrects or adds one that does not", () => {
    expect(storedAttachmentName("Exercises.PDF", "application/pdf")).toBe("Exercises.PDF");
    expect(storedAttachmentName("photo.jpeg", "image/jpeg")).toBe("photo.jpeg");
    expect(storedAttachmentName("scan.pdf", "image/png")).toBe("scan.png");
    expect(storedAttachmentName("week 3 plan", "application/pdf")).toBe("week 3 plan.pdf");
    expect(storedAttachmentName("notes.v2 final", "image/jpeg")).toBe("notes.v2 final.jpg");
    expect(storedAttachmentName(".pdf", "image/png")).toBe(".pdf.png");
    expect(storedAttachmentName("report.", "application/pdf")).toBe("report.pdf");
  });

  test.prop([fc.string({ maxLength: 40 }), fc.constantFrom(...ATTACHMENT_KINDS)])("always ends as its kind, and a right name is kept whole", (name, kind) => {
    const stored = storedAttachmentName(name, kind);
    const ending = stored.slice(stored.lastIndexOf(".")).toLowerCase();
    expect({ "application/pdf": [".pdf"], "image/png": [".png"], "image/jpeg": [".jpg", ".jpeg"] }[kind]).toContain(ending);
    expect(stored.length).toBeGreaterThan(ending.length);
    if (storedAttachmentName(stored, kind) !== stored) throw new Error(`not stable: ${stored}`);
  });
});
