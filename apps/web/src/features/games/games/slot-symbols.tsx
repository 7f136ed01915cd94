import type { ReactNode } from 'react';

/**
 * Symbol art drawn in code (64×64 SVG), one drawing per symbol id, shared by the three slots and
 * the scratch card. Colours live here because they are the artwork, not the interface theme.
 */
const letter = (text: string, fill: string, stroke: string) => (
  <text
    x="32"
    y="45"
    textAnchor="middle"
    fontSize={text.length > 1 ? 30 : 38}
    fontWeight="900"
    fontFamily="Georgia, 'Times New Roman', serif"
    fill={fill}
    stroke={stroke}
    strokeWidth="2"
    paintOrder="stroke"
  >
    {text}
  </text>
);

const star = (fill: string, stroke: string) => (
  <path
    d="M32 6l7.6 16.2 17.4 2.1-12.8 12 3.3 17.4L32 45.2l-15.5 8.5 3.3-17.4L7 24.3l17.4-2.1z"
    fill={fill}
    stroke={stroke}
    strokeWidth="2.5"
    strokeLinejoin="round"
  />
);

const art: Record<string, ReactNode> = {
  cherry: (
    <>
      <path
        d="M24 40c2-14 8-24 20-30M40 42c0-12 2-22 4-32"
        stroke="#3f7d20"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
      <path d="M44 10c6 0 10 4 10 8-6 0-10-3-10-8z" fill="#5bb030" />
      <circle cx="22" cy="45" r="11" fill="#d81e3a" />
      <circle cx="41" cy="47" r="11" fill="#b8102a" />
      <circle cx="18" cy="41" r="3" fill="#ff8a9a" />
      <circle cx="37" cy="43" r="3" fill="#ff8a9a" />
    </>
  ),
  lemon: (
    <>
      <ellipse cx="32" cy="34" rx="23" ry="17" fill="#f7d62a" stroke="#d6a900" strokeWidth="2.5" />
      <path d="M9 34l-4-2M55 34l4-2" stroke="#d6a900" strokeWidth="3" strokeLinecap="round" />
      <ellipse cx="24" cy="28" rx="7" ry="3" fill="#fff39b" />
    </>
  ),
  orange: (
    <>
      <circle cx="32" cy="35" r="21" fill="#f58a1f" stroke="#c7610a" strokeWidth="2.5" />
      <path d="M32 14c0-5 4-8 9-8-1 5-4 8-9 8z" fill="#4ea52b" />
      <circle cx="25" cy="28" r="4" fill="#ffc07a" />
    </>
  ),
  plum: (
    <>
      <ellipse cx="32" cy="36" rx="19" ry="21" fill="#7b3fa8" stroke="#552079" strokeWidth="2.5" />
      <path d="M32 16c1 10 0 30-2 40" stroke="#552079" strokeWidth="2" fill="none" />
      <path d="M32 16c3-6 8-8 13-7-2 5-7 7-13 7z" fill="#4ea52b" />
      <ellipse cx="24" cy="28" rx="4" ry="6" fill="#b98ad8" />
    </>
  ),
  grapes: (
    <>
      {[
        [22, 22],
        [32, 22],
        [42, 22],
        [27, 32],
        [37, 32],
        [22, 42],
        [32, 42],
        [42, 42],
        [32, 52],
      ].map(([x, y], i) => (
        <circle key={i} cx={x} cy={y} r="7" fill="#6a2fa0" stroke="#451670" strokeWidth="1.5" />
      ))}
      <path
        d="M32 15V6M32 10c6-4 12-3 14 0"
        stroke="#3f7d20"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
    </>
  ),
  watermelon: (
    <>
      <path d="M6 24h52a26 26 0 0 1-52 0z" fill="#2f9a3a" />
      <path d="M10 24h44a22 22 0 0 1-44 0z" fill="#f04a5d" />
      {[20, 28, 36, 44].map((x, i) => (
        <ellipse key={i} cx={x} cy={i % 2 ? 34 : 30} rx="1.8" ry="3" fill="#2a1a1a" />
      ))}
    </>
  ),
  bell: (
    <>
      <path
        d="M32 8c-12 0-16 10-16 22v8l-6 8h44l-6-8v-8c0-12-4-22-16-22z"
        fill="#f4c21f"
        stroke="#b88a00"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <circle cx="32" cy="50" r="6" fill="#b88a00" />
      <path d="M24 20c2-4 5-6 8-6" stroke="#fff3b0" strokeWidth="3" fill="none" strokeLinecap="round" />
    </>
  ),
  seven: letter('7', '#e8202f', '#7a0010'),
  star: star('#ffd23a', '#c98a00'),
  // Pharaoh's Fortune
  ten: letter('10', '#4aa3d8', '#123a5a'),
  jack: letter('J', '#3fbf7f', '#0f4a2c'),
  queen: letter('Q', '#d86ac0', '#5a1650'),
  king: letter('K', '#e0574a', '#5a130d'),
  ace: letter('A', '#f2b33d', '#5a3a05'),
  ankh: (
    <path
      d="M32 6c-8 0-11 6-11 11 0 6 5 11 9 13H16v7h13v21h6V37h13v-7H34c4-2 9-7 9-13 0-5-3-11-11-11zm0 6c3 0 5 2 5 5 0 4-3 7-5 9-2-2-5-5-5-9 0-3 2-5 5-5z"
      fill="#f2c14e"
      stroke="#8a5a00"
      strokeWidth="1.5"
    />
  ),
  scarab: (
    <>
      <ellipse cx="32" cy="38" rx="15" ry="18" fill="#1f8f7a" stroke="#0c4a3f" strokeWidth="2.5" />
      <path d="M32 20v36" stroke="#0c4a3f" strokeWidth="2" />
      <circle cx="32" cy="16" r="7" fill="#2bb39a" stroke="#0c4a3f" strokeWidth="2" />
      <path
        d="M17 30l-9-5M17 40l-10 0M17 50l-9 5M47 30l9-5M47 40l10 0M47 50l9 5"
        stroke="#0c4a3f"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      <circle cx="32" cy="6" r="5" fill="#f2b33d" />
    </>
  ),
  eye: (
    <>
      <path
        d="M6 30c8-10 18-14 26-14s18 4 26 14c-8 8-18 12-26 12S14 38 6 30z"
        fill="#f6ecd0"
        stroke="#1b3f8f"
        strokeWidth="3"
      />
      <circle cx="32" cy="29" r="8" fill="#1b3f8f" />
      <circle cx="30" cy="27" r="2.5" fill="#fff" />
      <path
        d="M28 42l-4 14M36 42c2 6 8 10 14 8"
        stroke="#1b3f8f"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
    </>
  ),
  pharaoh: (
    <>
      <path d="M14 58V26c0-12 8-20 18-20s18 8 18 20v32z" fill="#2a55b8" />
      {[16, 24, 32, 40, 48].map((y) => (
        <path key={y} d={`M14 ${y}h8M42 ${y}h8`} stroke="#f2c14e" strokeWidth="3" />
      ))}
      <rect x="22" y="20" width="20" height="30" rx="9" fill="#d9a066" />
      <circle cx="27" cy="31" r="2" fill="#1a1204" />
      <circle cx="37" cy="31" r="2" fill="#1a1204" />
      <path d="M29 50h6v8h-6z" fill="#2a55b8" />
      <path d="M22 14h20l-2 6H24z" fill="#f2c14e" />
    </>
  ),
  pyramid: (
    <>
      <path d="M32 6L4 56h56z" fill="#e7b651" stroke="#8a5a00" strokeWidth="2.5" strokeLinejoin="round" />
      <path d="M32 6l6 50h22z" fill="#c48d2a" />
      <text
        x="32"
        y="50"
        textAnchor="middle"
        fontSize="11"
        fontWeight="900"
        fill="#3a2400"
        fontFamily="sans-serif"
      >
        WILD
      </text>
    </>
  ),
  sun: (
    <>
      {Array.from({ length: 12 }, (_, i) => (
        <path key={i} d="M32 2l4 10h-8z" fill="#ff9a1f" transform={`rotate(${i * 30} 32 32)`} />
      ))}
      <circle cx="32" cy="32" r="17" fill="#ffcc33" stroke="#d96a00" strokeWidth="3" />
      <circle cx="32" cy="32" r="8" fill="#ff7a1a" />
    </>
  ),
  // Ocean Treasures
  shell: (
    <>
      <path
        d="M32 54L8 28c6-14 42-14 48 0z"
        fill="#f7b7a3"
        stroke="#b8604a"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      {[-24, -12, 0, 12, 24].map((dx) => (
        <path key={dx} d={`M32 54L${32 + dx} 20`} stroke="#b8604a" strokeWidth="2" />
      ))}
    </>
  ),
  starfish: star('#ff8a3d', '#b8480a'),
  seahorse: (
    <path
      d="M36 8c-8 0-12 6-12 10l-8 4 8 2c0 6 6 10 6 16s-8 6-8 12c0 6 8 6 10 2-4 0-6-2-4-4 6-4 12-8 12-16 0-6-4-10-4-14 4-2 6-6 6-8 0-2-2-4-6-4z"
      fill="#f2b33d"
      stroke="#8a5a00"
      strokeWidth="2"
      strokeLinejoin="round"
    />
  ),
  crab: (
    <>
      <ellipse cx="32" cy="38" rx="18" ry="12" fill="#e4442f" stroke="#8a1a0a" strokeWidth="2.5" />
      <path
        d="M14 34c-6-4-8-12-4-18 2 4 6 4 8 2-2 6 0 10 2 12M50 34c6-4 8-12 4-18-2 4-6 4-8 2 2 6 0 10-2 12"
        fill="#e4442f"
        stroke="#8a1a0a"
        strokeWidth="2"
      />
      <path
        d="M18 46l-8 8M24 49l-4 9M46 46l8 8M40 49l4 9"
        stroke="#8a1a0a"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <circle cx="26" cy="32" r="3" fill="#fff" />
      <circle cx="38" cy="32" r="3" fill="#fff" />
    </>
  ),
  jellyfish: (
    <>
      <path d="M10 32a22 20 0 0 1 44 0z" fill="#c77dff" stroke="#7a2bb8" strokeWidth="2.5" />
      {[16, 24, 32, 40, 48].map((x) => (
        <path
          key={x}
          d={`M${x} 32c-3 6 3 10 0 16s3 8 0 12`}
          stroke="#a74ee6"
          strokeWidth="2.5"
          fill="none"
          strokeLinecap="round"
        />
      ))}
    </>
  ),
  turtle: (
    <>
      <ellipse cx="30" cy="34" rx="18" ry="14" fill="#3a9a4a" stroke="#1a5a24" strokeWidth="2.5" />
      <path d="M22 26l8 8 8-8M22 42l8-8 8 8" stroke="#1a5a24" strokeWidth="2" fill="none" />
      <circle cx="52" cy="30" r="7" fill="#7cc46a" />
      <path
        d="M14 24l-6-6M14 44l-6 6M40 46l4 8M40 22l4-8"
        stroke="#7cc46a"
        strokeWidth="5"
        strokeLinecap="round"
      />
    </>
  ),
  dolphin: (
    <path
      d="M6 40c10-16 26-24 42-20l6-8 0 10c4 2 6 6 6 8l-8-2c-10-2-22 2-30 12l6 8-10-4z"
      fill="#4a90d9"
      stroke="#1a4a80"
      strokeWidth="2"
      strokeLinejoin="round"
    />
  ),
  shark: (
    <>
      <path
        d="M4 38c14-10 32-12 48-6l8-10v22l-8-8c-16 8-34 8-48 2z"
        fill="#7d8ea3"
        stroke="#33445a"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M26 29l6-14 6 14z" fill="#5d6e83" />
      <path d="M10 40l4 2 3-2 3 2 3-2" stroke="#fff" strokeWidth="1.5" fill="none" />
      <circle cx="14" cy="34" r="1.8" fill="#111" />
    </>
  ),
  trident: (
    <>
      <path
        d="M32 60V18M18 8v14c0 6 6 8 14 8s14-2 14-8V8M32 4v14"
        stroke="#f2c14e"
        strokeWidth="5"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <text
        x="32"
        y="54"
        textAnchor="middle"
        fontSize="11"
        fontWeight="900"
        fill="#0a2a4a"
        stroke="#f2c14e"
        strokeWidth="0.5"
        fontFamily="sans-serif"
      >
        WILD
      </text>
    </>
  ),
  chest: (
    <>
      <rect x="8" y="28" width="48" height="26" rx="3" fill="#9a5a22" stroke="#4a2a08" strokeWidth="2.5" />
      <path d="M8 28c0-10 8-16 24-16s24 6 24 16z" fill="#b8702e" stroke="#4a2a08" strokeWidth="2.5" />
      <rect x="28" y="26" width="8" height="12" rx="1.5" fill="#f2c14e" />
      <path d="M14 24l6-8M48 22l-4-8" stroke="#ffe27a" strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  // Scratch card extras
  melon: (
    <>
      <circle cx="32" cy="34" r="22" fill="#8fd14f" stroke="#3f7d20" strokeWidth="2.5" />
      <path d="M14 26c10 6 26 6 36 0M12 38c12 6 28 6 40 0" stroke="#3f7d20" strokeWidth="2" fill="none" />
    </>
  ),
  apple: (
    <>
      <path
        d="M32 18c-6-4-22-4-22 14 0 14 10 24 16 24 3 0 4-2 6-2s3 2 6 2c6 0 16-10 16-24 0-18-16-18-22-14z"
        fill="#e2262f"
        stroke="#8a0a10"
        strokeWidth="2"
      />
      <path d="M32 18c0-6 2-10 6-12" stroke="#5a3a10" strokeWidth="3" fill="none" strokeLinecap="round" />
      <path d="M36 12c4-4 10-4 12-2-4 4-8 4-12 2z" fill="#4ea52b" />
    </>
  ),
  clover: (
    <>
      {[0, 90, 180, 270].map((r) => (
        <circle key={r} cx="32" cy="20" r="10" fill="#2fa84f" transform={`rotate(${r} 32 32)`} />
      ))}
      <path d="M32 36c2 8 6 14 12 20" stroke="#1f6a30" strokeWidth="3.5" fill="none" strokeLinecap="round" />
    </>
  ),
  horseshoe: (
    <path
      d="M14 10h10v24c0 6 4 10 8 10s8-4 8-10V10h10v24c0 12-8 22-18 22S14 46 14 34z"
      fill="#9aa6b5"
      stroke="#4a5566"
      strokeWidth="2.5"
    />
  ),
  diamond: (
    <>
      <path
        d="M14 10h36l10 14-28 32L4 24z"
        fill="#6fd3ff"
        stroke="#1a7aa8"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <path
        d="M4 24h56M22 10l10 46 10-46M14 10l8 14 10-14 10 14 8-14"
        stroke="#1a7aa8"
        strokeWidth="1.5"
        fill="none"
      />
    </>
  ),
  crown: (
    <>
      <path
        d="M8 50l-2-32 14 12 12-20 12 20 14-12-2 32z"
        fill="#ffd23a"
        stroke="#a86a00"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <circle cx="32" cy="40" r="4" fill="#e8202f" />
      <circle cx="18" cy="42" r="3" fill="#2a7ae2" />
      <circle cx="46" cy="42" r="3" fill="#2a7ae2" />
    </>
  ),
  jackpot: (
    <>
      <circle cx="32" cy="32" r="26" fill="#ffd23a" stroke="#a86a00" strokeWidth="3" />
      <circle cx="32" cy="32" r="19" fill="none" stroke="#a86a00" strokeWidth="1.5" strokeDasharray="3 3" />
      <text
        x="32"
        y="41"
        textAnchor="middle"
        fontSize="24"
        fontWeight="900"
        fill="#a81a1a"
        fontFamily="Georgia, serif"
      >
        $
      </text>
    </>
  ),
};

/** A symbol's art; an unknown id shows its name's first letter rather than nothing. */
export function SymbolArt({ id, theme, size = 64 }: { id: string; theme: string; size?: number }) {
  return (
    <svg
      viewBox="0 0 64 64"
      width={size}
      height={size}
      className={`symbol-art symbol-art--${theme}`}
      data-symbol={id}
      aria-hidden="true"
      focusable="false"
    >
      {art[id] ?? letter(id.slice(0, 1).toUpperCase(), '#ccc', '#333')}
    </svg>
  );
}
