import { useMemo } from "react";
import * as styles from "./qr-code.css.ts";
import { qrPath } from "./qr-path.ts";

export type QrCodeProps = {
  /** What the code encodes (an otpauth:// link). */
  value: string;
  /** The accessible name: what the image is for, since a screen reader cannot read the pattern. */
  label: string;
};

/** A QR code drawn as inline React SVG from the qrcode module matrix (no data: URL, no innerHTML). */
export function QrCode({ value, label }: QrCodeProps) {
  const { size, d } = useMemo(() => qrPath(value), [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      className={styles.code}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width={size} height={size} className={styles.light} />
      <path d={d} className={styles.dark} />
    </svg>
  );
}
