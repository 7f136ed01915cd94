// Lighthouse bench: the built site's top-level pages as a phone sees them (Lighthouse's mobile
// preset: simulated slow 4G and 4× CPU slowdown), driven through Debian's Chromium.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { ensureBuilt, log, median, warn, wholeNumberOption } from './lib/common.mjs';
import { encryptedCaller, fetchPublicKey } from './lib/envelope.mjs';
import { SERVER_BUILD, startServer, stopServer, withCleanup, withDataDir } from './lib/server.mjs';

export const description =
  'Lighthouse (mobile preset) on the built site: performance, LCP, CLS, TBT, a11y, SEO';
export const usage =
  '[--skip-build] [--runs N] [--page home|rng|member|agentHome]… [--report-dir DIR]   (N runs per page, default 3; medians)';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The pages measured. `as`: whose site session the page is opened with (put into session storage
 * before the app's JavaScript runs, as a login leaves it), or none for a visitor.
 * @type {{ key: string, path: string, as: null | { account: string, password: string } }[]}
 */
const PAGES = [
  { key: 'home', path: '/', as: null },
  { key: 'rng', path: '/rng', as: null },
  { key: 'member', path: '/member', as: { account: 'demoplayer', password: 'demo1234' } },
  { key: 'agentHome', path: '/agentHome', as: { account: 'demoagent', password: 'demo1234' } },
];

/** The issue's bar (docs: bench/README.md, "lighthouse"). Performance and LCP… on the home page. */
const TARGETS = {
  homePerformance: { min: 95 },
  homeLcpMs: { max: 1500 },
  Cls: { max: 0.02 },
  TbtMs: { max: 100 },
  Accessibility: { min: 100 },
  BestPractices: { min: 100 },
  Seo: { min: 95 },
};

/** How long to wait for the demo players' first week of rounds before measuring. */
const DEMO_PLAY_WAIT_MS = 180_000;

/**
 * @param {string[]} args
 * @returns {Promise<Record<string, number>>}
 */
export async function run(args) {
  const { values } = parseArgs({
    args,
    options: {
      'skip-build': { type: 'boolean', default: false },
      runs: { type: 'string', default: '3' },
      page: { type: 'string', multiple: true },
      'report-dir': { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const runs = wholeNumberOption('runs', values.runs, 1, 20);
  const skipBuild = values['skip-build'] ?? false;
  const chosen = values.page ?? [];
  for (const p of chosen) {
    if (!PAGES.some((page) => page.key === p))
      throw new Error(`unknown page "${p}": one of ${PAGES.map((page) => page.key).join(', ')}`);
  }
  const reportDir = values['report-dir'];
  if (reportDir) fs.mkdirSync(reportDir, { recursive: true });
  const pages = chosen.length > 0 ? PAGES.filter((p) => chosen.includes(p.key)) : PAGES;
  if (!fs.existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);

  ensureBuilt({
    workspace: '@arcadia/web',
    output: 'apps/web/dist/.vite/manifest.json',
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/public',
      'apps/web/vite.config.ts',
      'packages',
    ],
    skipBuild,
  });
  ensureBuilt({ ...SERVER_BUILD, skipBuild });

  return withCleanup(() =>
    withDataDir(async (dataDir) => {
      // Info logs: the demo players' first run is awaited by its "job finished" line.
      const server = await startServer({ dataDir, env: { LOG_LEVEL: 'info' } });
      const origin = `http://127.0.0.1:${server.port}`;
      log(`server ready on ${origin} in ${Math.round(server.readyMs)} ms`);
      await waitForDemoPlay(server);
      const call = encryptedCaller(server.port, await fetchPublicKey(server.port));
      const browser = await puppeteer.launch({
        executablePath: CHROMIUM,
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
      });
      try {
        /** @type {Record<string, number>} */
        const figures = {};
        for (const page of pages) {
          const login = page.as
            ? await call('POST', '/wps/session/login', {
                username: page.as.account,
                password: page.as.password,
              })
            : null;
          log('');
          log(
            `${page.key}: ${page.path}${login ? ` (signed in as ${page.as?.account})` : ''}, ${runs} run(s)`,
          );
          /** @type {Record<string, number>[]} */
          const results = [];
          /** @type {string[]} */
          const lcpElements = [];
          for (let i = 0; i < runs; i++) {
            const one = await audit(browser, `${origin}${page.path}`, login);
            if (reportDir) {
              const file = path.join(reportDir, `${page.key}-${i + 1}.json`);
              fs.writeFileSync(file, JSON.stringify(one.lhr));
            }
            results.push(one.figures);
            lcpElements.push(one.lcpElement);
            log(
              `  run ${i + 1}: performance ${one.figures.Performance}, LCP ${Math.round(one.figures.LcpMs)} ms, ` +
                `CLS ${one.figures.Cls.toFixed(3)}, TBT ${Math.round(one.figures.TbtMs)} ms, ` +
                `a11y ${one.figures.Accessibility}, best practices ${one.figures.BestPractices}, SEO ${one.figures.Seo}`,
            );
          }
          const common = mostCommon(lcpElements);
          log(`  LCP element: ${common}`);
          for (const key of Object.keys(results[0] ?? {})) {
            const value = median(results.map((r) => /** @type {number} */ (r[key])));
            figures[`${page.key}${key}`] =
              key === 'Cls' ? Math.round(value * 1000) / 1000 : Math.round(value);
          }
        }
        reportTargets(figures);
        return figures;
      } finally {
        await browser.close();
        await stopServer(server, { uncleanExit: 'warn' });
      }
    }),
  );
}

/**
 * Waits (up to DEMO_PLAY_WAIT_MS) for the demo players' first run to finish, so the pages show
 * their results and the server is idle while measured.
 * @param {{ logs: () => string }} server
 */
async function waitForDemoPlay(server) {
  const started = performance.now();
  while (performance.now() - started < DEMO_PLAY_WAIT_MS) {
    if (/"job":"demo\.play","result"/.test(server.logs())) {
      log(`demo players' first week played (${Math.round((performance.now() - started) / 1000)} s)`);
      return;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  warn('the demo players were still playing when the measurement started');
}

/**
 * One Lighthouse run of a URL in a fresh tab (mobile preset, the default), with the site session
 * put into session storage before any script runs.
 * @param {import('puppeteer-core').Browser} browser
 * @param {string} url
 * @param {{ token: string, customerType: number } | null} login
 */
async function audit(browser, url, login) {
  const tab = await browser.newPage();
  try {
    if (login) {
      await tab.evaluateOnNewDocument(
        (token, type) => {
          sessionStorage.setItem('token', token);
          sessionStorage.setItem('isAgent', String(type));
        },
        login.token,
        login.customerType,
      );
    }
    const result = await lighthouse(
      url,
      {
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      },
      undefined,
      tab,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    const score = (/** @type {string} */ id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metric = (/** @type {string} */ id) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      figures: {
        Performance: score('performance'),
        LcpMs: metric('largest-contentful-paint'),
        Cls: metric('cumulative-layout-shift'),
        TbtMs: metric('total-blocking-time'),
        Accessibility: score('accessibility'),
        BestPractices: score('best-practices'),
        Seo: score('seo'),
      },
      lcpElement: lcpElementOf(lhr),
      lhr,
    };
  } finally {
    await tab.close();
  }
}

/**
 * The LCP element's selector and a snippet of its HTML, from the audits' details.
 * @param {any} lhr
 */
function lcpElementOf(lhr) {
  /** @type {any} */
  let node = null;
  const visit = (/** @type {any} */ value) => {
    if (node || !value || typeof value !== 'object') return;
    if (value.type === 'node') {
      node = value;
      return;
    }
    for (const v of Object.values(value)) visit(v);
  };
  // Lighthouse 13 names the element in the LCP breakdown insight (the older audit is kept for
  // earlier versions).
  visit(lhr.audits['largest-contentful-paint-element']?.details);
  visit(lhr.audits['lcp-breakdown-insight']?.details);
  if (!node) return '(none reported)';
  const snippet = String(node.snippet ?? '').replace(/\s+/g, ' ');
  return `${node.selector ?? '?'}  ${snippet.length > 160 ? `${snippet.slice(0, 157)}…` : snippet}`;
}

/** @param {string[]} list */
function mostCommon(list) {
  const counts = new Map();
  for (const v of list) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '(none)';
}

/**
 * One line per target: met or not (the figures are reported either way).
 * @param {Record<string, number>} figures
 */
function reportTargets(figures) {
  log('');
  log('Targets (issue 21): performance ≥ 95 and LCP ≤ 1.5 s on home; on every page CLS ≤ 0.02,');
  log('TBT ≤ 100 ms, accessibility and best practices 100, SEO ≥ 95');
  let missed = 0;
  for (const [key, value] of Object.entries(figures)) {
    const target = Object.entries(TARGETS).find(([suffix]) =>
      suffix.startsWith('home') ? key === suffix : key.endsWith(suffix),
    )?.[1];
    if (!target) continue;
    const ok =
      ('min' in target ? value >= target.min : true) && ('max' in target ? value <= target.max : true);
    if (!ok) {
      missed += 1;
      log(`  ✗ ${key} = ${value} (${'min' in target ? `≥ ${target.min}` : `≤ ${target.max}`})`);
    }
  }
  log(missed === 0 ? '  ✓ every target met' : `  ${missed} target(s) missed`);
}
