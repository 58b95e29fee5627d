import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** A node of pdf.js's structure tree: a role with children, or a content leaf. */
type StructNode = { readonly role?: string; readonly children?: readonly StructNode[] };
const rolesOf = (node: StructNode): string[] => [...(node.role === undefined ? [] : [node.role]), ...(node.children ?? []).flatMap(rolesOf)];

export type TaggedPdf = {
  readonly pages: number;
  /** The document's title and language as a reader announces them (the page's <title> and lang). */
  readonly title: string | null;
  readonly language: string | null;
  /** Every role of the structure tree, page by page, in reading order (H3, Table, TH, ...). */
  readonly roles: readonly string[];
  /** The text of every page, in reading order. */
  readonly text: string;
};

/**
 * What a PDF reader finds in the browser's PDF of a page (issue 37, "the browser's PDF of it is
 * tagged"): read with Mozilla's pdf.js, the reader of Firefox, not by searching the file's bytes.
 */
export async function readTaggedPdf(pdf: Buffer): Promise<TaggedPdf> {
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
  try {
    const { info } = (await document.getMetadata()) as { info: { Title?: string; Language?: string } };
    const roles: string[] = [];
    const texts: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const tree = (await page.getStructTree()) as StructNode | null;
      if (tree !== null) roles.push(...rolesOf(tree));
      const content = await page.getTextContent();
      texts.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
    }
    return { pages: document.numPages, title: info.Title ?? null, language: info.Language ?? null, roles, text: texts.join("\n") };
  } finally {
    await document.destroy();
  }
}
