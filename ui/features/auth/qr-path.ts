import { create } from "qrcode";

/** The white border a QR code needs around it to be scanned reliably (ISO/IEC 18004: 4 modules). */
export const QUIET_ZONE_MODULES = 4;

/** A QR code as one SVG path: `size` is the side in modules (quiet zone included), `d` draws the dark modules. */
export type QrPath = { readonly size: number; readonly d: string };

/**
 * The QR code of `text` as an SVG path, one rectangle per horizontal run of dark modules. Drawn
 * as inline SVG elements because the CSP forbids data: URLs for scripts and inline markup.
 */
export const qrPath = (text: string): QrPath => {
  const { modules } = create(text, { errorCorrectionLevel: "M" });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    let col = 0;
    while (col < modules.size) {
      if (modules.get(row, col) === 0) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col) !== 0) col += 1;
      parts.push(`M${start + QUIET_ZONE_MODULES} ${row + QUIET_ZONE_MODULES}h${col - start}v1h-${col - start}z`);
    }
  }
  return { size: modules.size + 2 * QUIET_ZONE_MODULES, d: parts.join("") };
};
