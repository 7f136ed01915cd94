import QRCode from 'qrcode';
import { useMemo } from 'react';

/**
 * Spec §9 QR defaults: an 800-unit code shown in a 200-px component, a 20-unit margin, correction
 * level M, data dots at 0.35 of a module, the logo at 0.2 of the size. (The spec's binarize
 * threshold, 128, applies to a photo background, which these codes do not use.)
 */
export const qrDefaults = {
  size: 800,
  component: 200,
  margin: 20,
  level: 'M',
  dotScale: 0.35,
  logoScale: 0.2,
  binarize: 128,
} as const;

export interface QrLayout {
  /** Modules per side. */
  count: number;
  /** One module's side, in the 800-unit drawing. */
  unit: number;
  /** Squares to draw: full modules (finder and alignment patterns, timing) and the data dots. */
  squares: { x: number; y: number; side: number }[];
  /** The logo's square in the middle (modules under it are left out; level M recovers them). */
  logo: { x: number; side: number };
}

/** Finder patterns (with their separators): the three 8×8 corners. */
function inFinder(row: number, col: number, count: number) {
  return (row < 8 && col < 8) || (row < 8 && col >= count - 8) || (row >= count - 8 && col < 8);
}

/** Lays out `text` as a QR code with the spec's defaults (pure: tested without a browser). */
export function layoutQr(text: string): QrLayout {
  const qr = QRCode.create(text, { errorCorrectionLevel: qrDefaults.level });
  const count = qr.modules.size;
  const { size, margin, dotScale, logoScale } = qrDefaults;
  const unit = (size - 2 * margin) / count;
  const logoSide = size * logoScale;
  const logoX = (size - logoSide) / 2;
  const squares: QrLayout['squares'] = [];
  const reserved = qr.modules.reservedBit;
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (!qr.modules.get(row, col)) continue;
      const x = margin + col * unit;
      const y = margin + row * unit;
      // Modules under the logo stay blank.
      if (x + unit > logoX && x < logoX + logoSide && y + unit > logoX && y < logoX + logoSide) continue;
      // Function patterns stay whole (scanners find the code by them); data modules become dots.
      const whole = inFinder(row, col, count) || !!reserved[row * count + col];
      const side = whole ? unit : unit * dotScale;
      const inset = (unit - side) / 2;
      squares.push({ x: x + inset, y: y + inset, side });
    }
  }
  return { count, unit, squares, logo: { x: logoX, side: logoSide } };
}

/**
 * A QR code for `value` (spec §9 defaults), the brand's mark in the middle, drawn as SVG at the
 * component size. Dark on white in both themes: scanners need the contrast.
 */
export function QrCode({
  value,
  label,
  size = qrDefaults.component,
}: {
  value: string;
  label: string;
  size?: number;
}) {
  const layout = useMemo(() => layoutQr(value), [value]);
  const d = layout.squares
    .map(
      (s) =>
        `M${s.x.toFixed(2)} ${s.y.toFixed(2)}h${s.side.toFixed(2)}v${s.side.toFixed(2)}h-${s.side.toFixed(2)}z`,
    )
    .join('');
  const { x, side } = layout.logo;
  const pad = side * 0.12;
  return (
    <svg
      className="qr-code"
      viewBox={`0 0 ${qrDefaults.size} ${qrDefaults.size}`}
      width={size}
      height={size}
      role="img"
      aria-label={label}
      data-modules={layout.count}
    >
      <rect width={qrDefaults.size} height={qrDefaults.size} fill="#fff" />
      <path d={d} fill="#111" />
      <rect x={x} y={x} width={side} height={side} rx={side * 0.22} fill="#fff" />
      <g transform={`translate(${x + pad} ${x + pad}) scale(${(side - 2 * pad) / 32})`}>
        <rect width="32" height="32" rx="8" fill="#111" />
        <path d="M16 5 27 26h-5l-2-4.4h-8L10 26H5L16 5Zm0 8.6-2.7 5.6h5.4L16 13.6Z" fill="#fff" />
      </g>
    </svg>
  );
}
