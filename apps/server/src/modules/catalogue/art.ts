/**
 * Generated artwork for the lobby: vendor logos, game icons and banners as SVG, computed only from
 * the URL (a code and a motif), so any instance renders the same bytes and browsers may cache them
 * for a year. No image files are shipped or copied.
 */

/** FNV-1a: a stable 32-bit hash, so the same code always gets the same colours. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  // Final avalanche (murmur3's): codes differing in one letter still get far-apart colours.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function palette(seed: string, turn = 0) {
  const h = hash(seed);
  const hue = (h + turn) % 360;
  const hue2 = (hue + 35 + ((h >>> 9) % 90)) % 360;
  return {
    h,
    from: `hsl(${hue} 70% 42%)`,
    to: `hsl(${hue2} 75% 22%)`,
    accent: `hsl(${(hue + 180) % 360} 85% 62%)`,
    light: `hsl(${hue} 90% 86%)`,
  };
}

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** Motifs the game icons know: the house engines, plus `lobby` for a studio lobby entry. */
export const gameMotifs = [
  'slot-fruit',
  'slot-pharaoh',
  'slot-ocean',
  'dice',
  'limbo',
  'mines',
  'scratch',
  'fishing',
  'baccarat',
  'blackjack',
  'live-baccarat',
  'live-dragon-tiger',
  'live-sic-bo',
  'live-roulette',
  'pvp-niuniu',
  'pvp-holdem',
  'pvp-threecard',
  'lobby',
] as const;
export type GameMotif = (typeof gameMotifs)[number];

export const isGameMotif = (m: string): m is GameMotif => (gameMotifs as readonly string[]).includes(m);

/** Shapes of one motif, drawn around (150, 118) in a 300 × 300 box. */
function motif(kind: GameMotif, accent: string, light: string): string {
  switch (kind) {
    case 'slot-fruit':
      return `<path d="M150 70 C150 95 125 110 118 128 M150 70 C158 98 178 112 184 128" stroke="${light}" stroke-width="6" fill="none" stroke-linecap="round"/>
<path d="M150 70 q28 -22 52 -4 q-26 16 -52 4z" fill="#5fd38a"/>
<circle cx="116" cy="146" r="30" fill="${accent}"/><circle cx="186" cy="146" r="30" fill="${accent}"/>
<circle cx="106" cy="136" r="8" fill="#fff" opacity=".55"/><circle cx="176" cy="136" r="8" fill="#fff" opacity=".55"/>`;
    case 'slot-pharaoh':
      return `<circle cx="200" cy="78" r="24" fill="${light}" opacity=".9"/>
<path d="M150 62 L226 176 H74 Z" fill="${accent}"/><path d="M150 62 L226 176 H150 Z" fill="#000" opacity=".18"/>
<path d="M96 176 L128 128 L160 176 Z" fill="${light}" opacity=".7"/>
<path d="M112 108 H188 M100 128 H200 M88 150 H212" stroke="#000" stroke-opacity=".15" stroke-width="3"/>`;
    case 'slot-ocean':
      return `<path d="M60 120 q22 -22 45 0 t45 0 t45 0 t45 0" stroke="${light}" stroke-width="8" fill="none" stroke-linecap="round"/>
<path d="M60 152 q22 -22 45 0 t45 0 t45 0 t45 0" stroke="${accent}" stroke-width="8" fill="none" stroke-linecap="round"/>
<circle cx="118" cy="82" r="9" fill="none" stroke="${light}" stroke-width="3"/><circle cx="140" cy="62" r="6" fill="none" stroke="${light}" stroke-width="3"/>
<circle cx="196" cy="76" r="12" fill="none" stroke="${light}" stroke-width="3"/>`;
    case 'dice':
      return `<rect x="78" y="82" width="78" height="78" rx="16" fill="${light}" transform="rotate(-12 117 121)"/>
<rect x="148" y="92" width="78" height="78" rx="16" fill="${accent}" transform="rotate(10 187 131)"/>
<g fill="#222"><circle cx="100" cy="108" r="7"/><circle cx="117" cy="121" r="7"/><circle cx="134" cy="134" r="7"/></g>
<g fill="#fff"><circle cx="170" cy="112" r="7"/><circle cx="204" cy="118" r="7"/><circle cx="166" cy="146" r="7"/><circle cx="200" cy="152" r="7"/></g>`;
    case 'limbo':
      return `<path d="M62 178 C120 172 170 140 226 64" stroke="${accent}" stroke-width="9" fill="none" stroke-linecap="round"/>
<path d="M226 64 l-30 6 l22 22 z" fill="${accent}"/>
<g stroke="${light}" stroke-opacity=".35" stroke-width="2"><path d="M62 90 H238"/><path d="M62 124 H238"/><path d="M62 158 H238"/></g>
<text x="84" y="92" font-family="system-ui,sans-serif" font-size="28" font-weight="800" fill="${light}">×</text>`;
    case 'mines':
      return `<g>${[0, 1, 2]
        .flatMap((r) =>
          [0, 1, 2].map(
            (c) =>
              `<rect x="${96 + c * 38}" y="${64 + r * 38}" width="32" height="32" rx="7" fill="${(r + c) % 2 ? light : '#fff'}" opacity="${(r + c) % 2 ? 0.85 : 0.25}"/>`,
          ),
        )
        .join('')}</g>
<path d="M150 108 l14 14 l-14 14 l-14 -14z" fill="${accent}"/>
<circle cx="208" cy="166" r="16" fill="#1b1b1b"/><path d="M216 152 l8 -10" stroke="${accent}" stroke-width="4" stroke-linecap="round"/>`;
    case 'scratch':
      return `<rect x="72" y="72" width="156" height="100" rx="14" fill="${light}"/>
<rect x="88" y="88" width="124" height="68" rx="8" fill="#c9c9c9"/>
<path d="M96 150 L132 94 M120 152 L158 92 M150 154 L190 92" stroke="${accent}" stroke-width="9" stroke-linecap="round"/>
<path d="M200 78 l6 14 l15 1 l-12 9 l4 15 l-13 -8 l-13 8 l4 -15 l-12 -9 l15 -1z" fill="${accent}"/>`;
    case 'fishing':
      return `<ellipse cx="142" cy="124" rx="58" ry="34" fill="${accent}"/>
<path d="M196 124 l36 -28 v56 z" fill="${accent}"/><circle cx="112" cy="116" r="8" fill="#fff"/><circle cx="110" cy="116" r="4" fill="#111"/>
<path d="M132 98 q14 26 0 52" stroke="#000" stroke-opacity=".2" stroke-width="4" fill="none"/>
<circle cx="84" cy="82" r="7" fill="none" stroke="${light}" stroke-width="3"/><circle cx="70" cy="60" r="5" fill="none" stroke="${light}" stroke-width="3"/>`;
    case 'baccarat':
    case 'blackjack': {
      const [a, b] = kind === 'baccarat' ? ['9', '♦'] : ['A', '♠'];
      return `<rect x="92" y="66" width="80" height="112" rx="10" fill="#fff" transform="rotate(-10 132 122)"/>
<rect x="132" y="70" width="80" height="112" rx="10" fill="${light}" transform="rotate(8 172 126)"/>
<text x="150" y="110" font-family="system-ui,sans-serif" font-size="34" font-weight="800" fill="${kind === 'baccarat' ? '#c62828' : '#111'}">${a}</text>
<text x="160" y="158" font-family="system-ui,sans-serif" font-size="40" fill="${kind === 'baccarat' ? '#c62828' : '#111'}">${b}</text>`;
    }
    case 'pvp-holdem':
      return `<ellipse cx="150" cy="150" rx="106" ry="40" fill="#0b5d3b" stroke="${light}" stroke-width="4"/>
<rect x="104" y="66" width="56" height="80" rx="8" fill="#fff" transform="rotate(-10 132 106)"/>
<rect x="140" y="66" width="56" height="80" rx="8" fill="#fff" transform="rotate(10 168 106)"/>
<text x="112" y="104" font-family="system-ui,sans-serif" font-size="28" font-weight="800" fill="#111">A</text>
<text x="160" y="112" font-family="system-ui,sans-serif" font-size="28" font-weight="800" fill="#c62828">A</text>
${[0, 1, 2].map((i) => `<circle cx="${214 + i * 4}" cy="${150 - i * 9}" r="14" fill="${accent}" stroke="#fff" stroke-width="3"/>`).join('')}`;
    case 'pvp-threecard':
      return `${[0, 1, 2]
        .map(
          (i) =>
            `<rect x="${96 + i * 30}" y="${70 + Math.abs(i - 1) * 8}" width="60" height="88" rx="8" fill="#fff" stroke="#00000022" transform="rotate(${(i - 1) * 14} ${126 + i * 30} 160)"/>
<text x="${110 + i * 30}" y="${108 + Math.abs(i - 1) * 8}" font-family="system-ui,sans-serif" font-size="26" font-weight="800" fill="#c62828" transform="rotate(${(i - 1) * 14} ${126 + i * 30} 160)">K</text>`,
        )
        .join('')}
<ellipse cx="150" cy="196" rx="64" ry="14" fill="${accent}" opacity="0.85"/>`;
    case 'pvp-niuniu':
      return `${[0, 1, 2, 3, 4]
        .map(
          (i) =>
            `<rect x="${86 + i * 22}" y="${74 + Math.abs(i - 2) * 6}" width="58" height="84" rx="8" fill="${i % 2 ? light : '#fff'}" stroke="#00000022" transform="rotate(${(i - 2) * 9} ${115 + i * 22} 150)"/>`,
        )
        .join('')}
<path d="M112 176 q38 -30 76 0" stroke="${accent}" stroke-width="8" fill="none" stroke-linecap="round"/>
<path d="M104 172 l-14 -16 M196 172 l14 -16" stroke="${accent}" stroke-width="7" stroke-linecap="round"/>`;
    case 'live-baccarat':
    case 'live-dragon-tiger': {
      const [a, b] = kind === 'live-baccarat' ? ['P', 'B'] : ['D', 'T'];
      return `<ellipse cx="150" cy="150" rx="104" ry="36" fill="#0b5d3b" stroke="${light}" stroke-width="4"/>
<rect x="88" y="64" width="62" height="86" rx="9" fill="#fff" transform="rotate(-8 119 107)"/>
<rect x="152" y="64" width="62" height="86" rx="9" fill="${light}" transform="rotate(8 183 107)"/>
<text x="103" y="122" font-family="system-ui,sans-serif" font-size="36" font-weight="800" fill="#1565c0">${a}</text>
<text x="167" y="128" font-family="system-ui,sans-serif" font-size="36" font-weight="800" fill="#c62828">${b}</text>
<circle cx="232" cy="70" r="12" fill="#e53935"/><circle cx="232" cy="70" r="5" fill="#fff"/>`;
    }
    case 'live-sic-bo':
      return `<ellipse cx="150" cy="132" rx="92" ry="60" fill="none" stroke="${light}" stroke-width="5"/>
${[
  [96, 96, 3],
  [150, 116, 5],
  [204, 96, 6],
]
  .map(
    ([x, y]) =>
      `<rect x="${x! - 24}" y="${y! - 24}" width="48" height="48" rx="10" fill="${x === 150 ? accent : '#fff'}"/><circle cx="${x}" cy="${y}" r="6" fill="${x === 150 ? '#fff' : '#c62828'}"/>`,
  )
  .join('')}
<circle cx="232" cy="60" r="12" fill="#e53935"/><circle cx="232" cy="60" r="5" fill="#fff"/>`;
    case 'live-roulette':
      return `<circle cx="150" cy="120" r="74" fill="#1b1b1b" stroke="${light}" stroke-width="6"/>
${Array.from({ length: 18 }, (_, i) => {
  const a = (i * 20 * Math.PI) / 180;
  const x = (150 + 66 * Math.cos(a)).toFixed(1);
  const y = (120 + 66 * Math.sin(a)).toFixed(1);
  return `<line x1="150" y1="120" x2="${x}" y2="${y}" stroke="${i % 2 ? '#c62828' : '#111'}" stroke-width="14"/>`;
}).join('')}
<circle cx="150" cy="120" r="30" fill="${accent}"/><circle cx="150" cy="120" r="8" fill="${light}"/>
<circle cx="196" cy="78" r="7" fill="#fff"/>`;
    case 'lobby':
      return `<circle cx="150" cy="120" r="60" fill="none" stroke="${light}" stroke-width="6"/>
<circle cx="150" cy="120" r="38" fill="none" stroke="${accent}" stroke-width="6"/><circle cx="150" cy="120" r="14" fill="${light}"/>`;
  }
}

/** "AUR_FRUIT_FIESTA" → "Fruit Fiesta": the words after the studio prefix. */
export function titleFromCode(gameCode: string): string {
  const words = gameCode.split('_').filter(Boolean);
  const rest = words.length > 1 ? words.slice(1) : words;
  return rest.map((w) => w.charAt(0) + w.slice(1).toLowerCase()).join(' ');
}

function wrap(title: string, max = 14): string[] {
  const lines: string[] = [];
  for (const word of title.split(' ')) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last + ' ' + word).length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.slice(0, 2);
}

export function gameIconSvg(gameCode: string, kind: GameMotif): string {
  const p = palette(gameCode);
  const lines = wrap(titleFromCode(gameCode));
  const studio = escapeXml(gameCode.split('_')[0] ?? '');
  const text = lines
    .map(
      (line, i) =>
        `<text x="150" y="${lines.length === 1 ? 238 : 226 + i * 30}" text-anchor="middle" font-family="system-ui,sans-serif" font-size="26" font-weight="800" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 300" width="300" height="300" role="img" aria-label="${escapeXml(titleFromCode(gameCode))}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient>
<radialGradient id="r" cx=".5" cy=".4" r=".5"><stop offset="0" stop-color="#fff" stop-opacity=".28"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
<rect width="300" height="300" rx="28" fill="url(#g)"/><circle cx="150" cy="120" r="120" fill="url(#r)"/>
<circle cx="${30 + (p.h % 60)}" cy="${30 + ((p.h >>> 6) % 40)}" r="${10 + (p.h % 14)}" fill="#fff" opacity=".08"/>
<circle cx="${240 + ((p.h >>> 3) % 40)}" cy="${60 + ((p.h >>> 12) % 50)}" r="${16 + ((p.h >>> 4) % 16)}" fill="#fff" opacity=".07"/>
${motif(kind, p.accent, p.light)}
<rect x="0" y="196" width="300" height="104" fill="#000" opacity=".28"/>
${text}
<text x="276" y="30" text-anchor="end" font-family="system-ui,sans-serif" font-size="16" font-weight="700" fill="#fff" opacity=".8">${studio}</text>
</svg>`;
}

/** A studio logo: an emblem chosen by the code's hash and the code itself. 240 × 96. */
export function vendorLogoSvg(code: string): string {
  const p = palette(`vendor:${code}`);
  const emblems = [
    `<circle cx="48" cy="48" r="26" fill="${p.accent}"/><circle cx="48" cy="48" r="12" fill="${p.light}"/>`,
    `<path d="M48 20 L72 34 V62 L48 76 L24 62 V34 Z" fill="${p.accent}"/><path d="M48 34 L60 41 V55 L48 62 L36 55 V41 Z" fill="${p.light}"/>`,
    `<path d="M48 18 L76 48 L48 78 L20 48 Z" fill="${p.accent}"/><path d="M48 34 L62 48 L48 62 L34 48 Z" fill="${p.light}"/>`,
    `<path d="M48 18 l8 20 l22 2 l-17 14 l6 21 l-19 -12 l-19 12 l6 -21 l-17 -14 l22 -2z" fill="${p.accent}"/>`,
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 96" width="240" height="96" role="img" aria-label="${escapeXml(code)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>
<rect width="240" height="96" rx="18" fill="url(#g)"/>
${emblems[p.h % emblems.length]}
<text x="156" y="62" text-anchor="middle" font-family="system-ui,sans-serif" font-size="40" font-weight="900" letter-spacing="3" fill="#fff">${escapeXml(code)}</text>
</svg>`;
}

/** A wide banner (1200 × 400) from a key: gradient, soft orbs and a motif by the key's prefix. */
export function bannerSvg(key: string): string {
  // Banners of one group (home-1, home-2, …) share a base colour turned 120° per number, so the
  // slides of one carousel never look alike.
  const [, base = key, num = '0'] = /^(.*?)-(\d+)$/.exec(key) ?? [];
  const p = palette(`banner:${base}`, Number(num) * 120);
  const orbs = Array.from({ length: 7 }, (_, i) => {
    const h = hash(`${key}:${i}`);
    return `<circle cx="${h % 1200}" cy="${(h >>> 11) % 400}" r="${30 + ((h >>> 5) % 120)}" fill="${i % 2 ? p.accent : p.light}" opacity=".${12 + (i % 3) * 6}"/>`;
  }).join('');
  const prefix = key.split('-')[0] ?? '';
  const kind: GameMotif =
    prefix === 'fish' || key.includes('fishing')
      ? 'fishing'
      : prefix === 'rng'
        ? (['slot-fruit', 'blackjack'] as const)[(p.h + Number(num)) % 2]!
        : prefix === 'home'
          ? (['slot-pharaoh', 'dice', 'slot-ocean'] as const)[(p.h + Number(num)) % 3]!
          : prefix === 'promo'
            ? 'scratch'
            : 'lobby';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 400" width="1200" height="400" role="img" aria-label="">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>
<rect width="1200" height="400" fill="url(#g)"/>${orbs}
<g transform="translate(780 20) scale(1.5)">${motif(kind, p.accent, p.light)}</g>
<path d="M0 340 C300 300 600 390 1200 320 V400 H0 Z" fill="#000" opacity=".18"/>
</svg>`;
}

export const artPaths = {
  vendor: (code: string) => `/assets/art/vendor/${code}.svg`,
  game: (gameCode: string, kind: GameMotif) => `/assets/art/game/${kind}/${gameCode}.svg`,
  banner: (key: string) => `/assets/art/banner/${key}.svg`,
};
