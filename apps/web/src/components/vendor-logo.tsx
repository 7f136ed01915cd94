import type { ReactElement } from 'react';

export const vendorLogoCodes = ['PG', 'EG2', 'PT', 'JDB', 'CQ9', 'FC', 'JL', 'BGS'] as const;
export type VendorLogoCode = (typeof vendorLogoCodes)[number];

// Emblems are drawn inside a 40×40 box on the left; every paint uses currentColor so the
// footer can tint all logos from one CSS colour, with opacity for depth.
const emblems: Record<VendorLogoCode, ReactElement> = {
  PG: (
    <>
      <path d="M20 4l14 8v16l-14 8-14-8V12z" fill="currentColor" opacity={0.35} />
      <path d="M20 11l8 4.5v9L20 29l-8-4.5v-9z" fill="currentColor" />
    </>
  ),
  EG2: (
    <>
      <path d="M20 5l15 15-15 15L5 20z" fill="none" stroke="currentColor" strokeWidth={3} />
      <path d="M20 13l7 7-7 7-7-7z" fill="currentColor" />
    </>
  ),
  PT: (
    <path
      d="M20 5C25 11 33 16 33 23a6 6 0 0 1-11 3.3L24 34h-8l2-7.7A6 6 0 0 1 7 23c0-7 8-12 13-18z"
      fill="currentColor"
    />
  ),
  JDB: (
    <>
      <circle cx={20} cy={20} r={13} fill="none" stroke="currentColor" strokeWidth={3.5} />
      <circle cx={20} cy={20} r={4.5} fill="currentColor" />
    </>
  ),
  CQ9: (
    <g fill="none" stroke="currentColor" strokeWidth={4} strokeLinecap="round" strokeLinejoin="round">
      <path d="M8 8l12 12-12 12" opacity={0.45} />
      <path d="M18 8l12 12-12 12" />
    </g>
  ),
  FC: (
    <polygon
      points="20,6.5 23.8,16.2 34.3,16.9 26.2,23.5 28.8,33.6 20,28 11.2,33.6 13.8,23.5 5.7,16.9 16.2,16.2"
      fill="currentColor"
    />
  ),
  JL: (
    <g fill="currentColor">
      <rect x={5} y={7} width={14} height={6} rx={1.5} opacity={0.45} />
      <rect x={5} y={17} width={22} height={6} rx={1.5} opacity={0.7} />
      <rect x={5} y={27} width={30} height={6} rx={1.5} />
    </g>
  ),
  BGS: (
    <g fill="currentColor">
      <path d="M5 28V11l7.5 8L20 7l7.5 12L35 11v17z" />
      <rect x={5} y={31} width={30} height={3} rx={1} opacity={0.6} />
    </g>
  ),
};

const fallbackEmblem = (
  <rect
    x={6}
    y={6}
    width={28}
    height={28}
    rx={7}
    fill="currentColor"
    fillOpacity={0.3}
    stroke="currentColor"
    strokeWidth={2}
  />
);

// Width of the text area to the right of the emblem, in viewBox units.
const TEXT_SPACE = 72;

function isVendorLogoCode(code: string): code is VendorLogoCode {
  return (vendorLogoCodes as readonly string[]).includes(code);
}

export function VendorLogo({ code, className }: { code: string; className?: string }) {
  const emblem = isVendorLogoCode(code) ? emblems[code] : fallbackEmblem;
  // Known codes are at most three glyphs; longer unknown codes are squeezed so they never
  // spill out of the viewBox and get clipped.
  const squeeze = code.length > 4;

  return (
    // No width attribute: with a viewBox the browser derives width from the CSS height.
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 120 40"
      height="32"
      className={className}
      role="img"
      aria-label={code}
    >
      <title>{code}</title>
      {emblem}
      <text
        x={44}
        y={27.5}
        fill="currentColor"
        fontFamily="system-ui, sans-serif"
        fontWeight={800}
        fontSize={20}
        letterSpacing={1}
        textLength={squeeze ? TEXT_SPACE : undefined}
        lengthAdjust={squeeze ? 'spacingAndGlyphs' : undefined}
      >
        {code}
      </text>
    </svg>
  );
}
