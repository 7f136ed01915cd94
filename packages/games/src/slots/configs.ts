/** The three house video slots: symbols, paytables, lines and reel strips. */
import type { SlotConfig } from './slot.js';
import { buildStrip } from './strips.js';

/** Ten classic paylines (row index per reel). */
export const TEN_LINES: number[][] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 2, 1, 0, 1],
];

/** Twenty paylines: the ten classic ones plus ten zig-zags. */
export const TWENTY_LINES: number[][] = [
  ...TEN_LINES,
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 0, 1, 0, 1],
  [1, 2, 1, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
];

const strips = (perReel: [string, number][][]) => perReel.map((c, i) => buildStrip(c, i));

export const fruitConfig: SlotConfig<'slot-fruit'> = {
  id: 'slot-fruit',
  name: 'Fruit Fiesta',
  theme: 'classic fruits',
  mode: 'lines',
  lines: TEN_LINES,
  betUnits: 10,
  symbols: [
    { id: 'cherry', name: 'Cherry', kind: 'regular', pays: { 3: 8, 4: 30, 5: 75 } },
    { id: 'lemon', name: 'Lemon', kind: 'regular', pays: { 3: 8, 4: 30, 5: 75 } },
    { id: 'orange', name: 'Orange', kind: 'regular', pays: { 3: 15, 4: 45, 5: 150 } },
    { id: 'plum', name: 'Plum', kind: 'regular', pays: { 3: 15, 4: 45, 5: 150 } },
    { id: 'grapes', name: 'Grapes', kind: 'regular', pays: { 3: 25, 4: 80, 5: 250 } },
    { id: 'watermelon', name: 'Watermelon', kind: 'regular', pays: { 3: 25, 4: 120, 5: 400 } },
    { id: 'bell', name: 'Bell', kind: 'regular', pays: { 3: 50, 4: 200, 5: 750 } },
    { id: 'seven', name: 'Lucky seven', kind: 'regular', pays: { 3: 75, 4: 400, 5: 1500 } },
    { id: 'star', name: 'Star (wild)', kind: 'wild' },
  ],
  reels: strips(
    [0, 1, 2, 3, 4].map(() => [
      ['cherry', 6],
      ['lemon', 6],
      ['orange', 5],
      ['plum', 5],
      ['grapes', 3],
      ['watermelon', 2],
      ['bell', 1],
      ['seven', 1],
      ['star', 1],
    ]),
  ),
};

export const pharaohConfig: SlotConfig<'slot-pharaoh'> = {
  id: 'slot-pharaoh',
  name: "Pharaoh's Fortune",
  theme: 'ancient Egypt',
  mode: 'ways',
  betUnits: 25,
  symbols: [
    { id: 'ten', name: '10', kind: 'regular', pays: { 3: 10, 4: 20, 5: 40 } },
    { id: 'jack', name: 'J', kind: 'regular', pays: { 3: 10, 4: 20, 5: 40 } },
    { id: 'queen', name: 'Q', kind: 'regular', pays: { 3: 12, 4: 25, 5: 60 } },
    { id: 'king', name: 'K', kind: 'regular', pays: { 3: 18, 4: 35, 5: 80 } },
    { id: 'ace', name: 'A', kind: 'regular', pays: { 3: 18, 4: 45, 5: 100 } },
    { id: 'ankh', name: 'Ankh', kind: 'regular', pays: { 3: 30, 4: 65, 5: 150 } },
    { id: 'scarab', name: 'Scarab', kind: 'regular', pays: { 3: 30, 4: 80, 5: 250 } },
    { id: 'eye', name: 'Eye of Horus', kind: 'regular', pays: { 3: 40, 4: 120, 5: 400 } },
    { id: 'pharaoh', name: 'Pharaoh', kind: 'regular', pays: { 3: 80, 4: 250, 5: 800 } },
    { id: 'pyramid', name: 'Pyramid (wild)', kind: 'wild' },
    { id: 'sun', name: 'Sun disc (scatter)', kind: 'scatter' },
  ],
  reels: strips(
    [0, 1, 2, 3, 4].map((r) => [
      ['ten', 5],
      ['jack', 5],
      ['queen', 4],
      ['king', 4],
      ['ace', 4],
      ['ankh', 3],
      ['scarab', 2],
      ['eye', 2],
      ['pharaoh', 1],
      ...(r === 0 ? [] : [['pyramid', 1] as [string, number]]),
      ['sun', 1],
    ]),
  ),
  scatter: {
    symbol: 'sun',
    pays: { 3: 2, 4: 10, 5: 50 },
    freeSpins: { 3: 8, 4: 12, 5: 20 },
    freeSpinMultiplier: 2,
  },
};

export const oceanConfig: SlotConfig<'slot-ocean'> = {
  id: 'slot-ocean',
  name: 'Ocean Treasures',
  theme: 'under the sea',
  mode: 'lines',
  lines: TWENTY_LINES,
  betUnits: 20,
  symbols: [
    { id: 'shell', name: 'Shell', kind: 'regular', pays: { 3: 8, 4: 25, 5: 75 } },
    { id: 'starfish', name: 'Starfish', kind: 'regular', pays: { 3: 10, 4: 25, 5: 75 } },
    { id: 'seahorse', name: 'Seahorse', kind: 'regular', pays: { 3: 15, 4: 50, 5: 150 } },
    { id: 'crab', name: 'Crab', kind: 'regular', pays: { 3: 20, 4: 60, 5: 200 } },
    { id: 'jellyfish', name: 'Jellyfish', kind: 'regular', pays: { 3: 25, 4: 100, 5: 300 } },
    { id: 'turtle', name: 'Turtle', kind: 'regular', pays: { 3: 40, 4: 150, 5: 500 } },
    { id: 'dolphin', name: 'Dolphin', kind: 'regular', pays: { 3: 60, 4: 250, 5: 1000 } },
    { id: 'shark', name: 'Shark', kind: 'regular', pays: { 3: 100, 4: 400, 5: 2000 } },
    { id: 'trident', name: 'Trident (wild)', kind: 'wild' },
    { id: 'chest', name: 'Treasure chest (scatter)', kind: 'scatter' },
  ],
  reels: strips(
    [0, 1, 2, 3, 4].map(() => [
      ['shell', 6],
      ['starfish', 6],
      ['seahorse', 5],
      ['crab', 4],
      ['jellyfish', 3],
      ['turtle', 2],
      ['dolphin', 1],
      ['shark', 1],
      ['trident', 1],
      ['chest', 1],
    ]),
  ),
  scatter: { symbol: 'chest', pays: { 3: 2, 4: 10, 5: 100 } },
};
