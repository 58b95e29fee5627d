import { create } from "qrcode";
import { describe, expect, it } from "vitest";
import { QUIET_ZONE_MODULES, qrPath } from "./qr-path.ts";

const URL = "otpauth://totp/Portal:ana%40clinic.test?secret=JBSWY3DPEHPK3PXP&issuer=Portal";

/** The dark modules a path draws, read back from its rectangles. */
const drawnModules = (d: string): Set<string> => {
  const cells = new Set<string>();
  for (const match of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    const [x, y, run] = [Number(match[1]), Number(match[2]), Number(match[3])];
    for (let offset = 0; offset < run; offset += 1) cells.add(`${x + offset},${y}`);
  }
  return cells;
};

describe("qrPath", () => {
  it("draws exactly the dark modules of the code, shifted by the quiet zone", () => {
    const { modules } = create(URL, { errorCorrectionLevel: "M" });
    const { size, d } = qrPath(URL);
    expect(size).toBe(modules.size + 2 * QUIET_ZONE_MODULES);

    const expected = new Set<string>();
    for (let row = 0; row < modules.size; row += 1) {
      for (let col = 0; col < modules.size; col += 1) {
        if (modules.get(row, col)) expected.add(`${col + QUIET_ZONE_MODULES},${row + QUIET_ZONE_MODULES}`);
      }
    }
    expect(drawnModules(d)).toEqual(expected);
  });

  it("starts with the top-left finder pattern's 7-module top edge", () => {
    expect(qrPath(URL).d.startsWith(`M${QUIET_ZONE_MODULES} ${QUIET_ZONE_MODULES}h7v1h-7z`)).toBe(true);
  });
});
