// Lottery returns bench: simulates draws of every house lottery game through the real draw
// function (fresh seeds, the published algorithm) and settles a fixed bet of every bet type on
// each, printing the measured return per unit against prizeGroup/2000 with its standard error.
// See bench/README.md, "lottery-returns", and docs/lottery-fairness.md.
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';
import { log, wholeNumberOption } from './lib/common.mjs';

export const description =
  'Measured return of every lottery bet type over simulated draws vs the prize group';
export const usage = '[--draws N] [--prize-group G]   (defaults: 1,000,000 draws per family, 1960)';

/** A bet of each type: content chosen to cover a few units. */
const CONTENT = {
  'ssc.pos': '1,3||5,6,7||0',
  'ssc.front3': '1|2,3|4',
  'ssc.mid3': '0,9|5|5,6,7',
  'ssc.back3': '0,1,2|3|8',
  'ssc.group3': '1,2,7',
  'ssc.group6': '0,4,5,8',
  'ssc.bsoe.sum': 'big,odd',
  'ssc.dragon_tiger': 'dragon,tiger,tie',
  '11x5.any1': '01,02',
  '11x5.any2': '01,02,03',
  '11x5.any3': '01,02,03,04',
  '11x5.any4': '01,02,03,04,05',
  '11x5.any5': '01,02,03,04,05,06',
  '11x5.any6': '01,02,03,04,05,06,07',
  '11x5.any7': '01,02,03,04,05,06,07,08',
  '11x5.any8': '01,02,03,04,05,06,07,08,09',
  '11x5.pos': '01,02||11|03,04,05|',
  'pk10.pos': '01|02,03|||||||04|05',
  'pk10.champion': '01,07',
  'pk10.top2sum': '3,11,19',
  'pk10.dragon_tiger': 'dragon',
  'k3.sum': '3,10,11,18',
  'k3.triple_any': 'any',
  'k3.triple': '2,6',
  'k3.pair': '1,5',
  'k3.all_diff': '1,2,3,6',
  'k3.bs': 'big,small',
  'vn.lo': '07,42,99',
  'vn.de': '07,42',
  'vn.xien2': '07,42,99',
  'vn.xien3': '07,42,99,13',
  'vn.xien4': '07,42,99,13,58',
  'vn.3cang': '007,420',
  'sea.big': '1234,0000,9876',
  'sea.small': '1234,5555',
  'sea.box_big': '1123',
  'sea.ibox_big': '1234',
};

/** @param {string[]} args */
export async function run(args) {
  const { values } = parseArgs({
    args,
    options: {
      draws: { type: 'string', default: '1000000' },
      'prize-group': { type: 'string', default: '1960' },
    },
    strict: true,
    allowPositionals: false,
  });
  const draws = wholeNumberOption('draws', values.draws, 100, 100_000_000);
  const pg = wholeNumberOption('prize-group', values['prize-group'], 1700, 1980);
  const games = await tsImport('@arcadia/games', import.meta.url);
  const target = pg / 2000;
  /** @type {Record<string, number>} */
  const figures = {};
  let flagged = 0;
  const seen = new Set();
  for (const game of games.lotteryGames) {
    if (seen.has(game.family)) continue; // one game per family: the draws are the same algorithm
    seen.add(game.family);
    const types = games.lotteryBetTypes(game.family).filter((t) => CONTENT[t.code] !== undefined);
    const units = types.map((t) => {
      const q = games.quoteLotteryBet(game.family, t.code, CONTENT[t.code]);
      if (!q.ok) throw new Error(`${t.code}: ${q.code}`);
      return q.units;
    });
    const sums = types.map(() => 0);
    const squares = types.map(() => 0);
    const started = performance.now();
    let seed = crypto.randomBytes(16).toString('hex');
    for (let i = 0; i < draws; i++) {
      if (i % 1000 === 0) seed = crypto.randomBytes(16).toString('hex');
      // A fresh seed every thousand draws, each with its own issue number under that seed.
      const draw = games.drawLottery(game, seed, `20260101-${String(i % 1000).padStart(3, '0')}`);
      types.forEach((t, k) => {
        const r = games.lotteryReturn({
          family: game.family,
          betType: t.code,
          content: CONTENT[t.code],
          prizeGroup: pg,
          draw,
        });
        const x = Number(r.perUnitStake.num) / Number(r.perUnitStake.den) / units[k];
        sums[k] += x;
        squares[k] += x * x;
      });
    }
    const seconds = (performance.now() - started) / 1000;
    log(`${game.family}: ${draws.toLocaleString('en')} draws in ${seconds.toFixed(1)} s`);
    types.forEach((t, k) => {
      const mean = sums[k] / draws;
      const sd = Math.sqrt(Math.max(0, squares[k] / draws - mean * mean));
      const se = sd / Math.sqrt(draws);
      const z = se > 0 ? (mean - target) / se : 0;
      const bad = Math.abs(z) > 4;
      if (bad) flagged++;
      log(
        `  ${t.code.padEnd(18)} return ${(mean * 100).toFixed(3).padStart(8)} %  (target ${(target * 100).toFixed(1)} %, ` +
          `edge ${((1 - mean) * 100).toFixed(3)} %, s.e. ${(se * 100).toFixed(3)} %, z ${z.toFixed(2)})${bad ? '  ✖ outside 4 s.e.' : ''}`,
      );
      figures[`${t.code.replace(/[^a-z0-9]+/gi, '_')}ReturnPct`] = Number((mean * 100).toFixed(3));
    });
  }
  log(`${flagged} bet type(s) outside 4 standard errors of ${(target * 100).toFixed(1)} %`);
  figures.outsideCount = flagged;
  figures.drawsPerFamilyCount = draws;
  return figures;
}
