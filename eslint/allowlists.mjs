// The allowlists of the house rules: files that broke a rule when it was introduced. The lint skips
// the rule on a listed file; a listed file that no longer breaks the rule (or no longer exists) fails
// apps/server/src/architecture.test.ts, so a list only shrinks. New files never join a list.
//
//   node eslint/allowlists.mjs           lists what would change, exits 1 when a list is out of date
//   node eslint/allowlists.mjs --write   rewrites every list from the current tree
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LISTS, ROOT, readAllowlist, writeAllowlist } from './allowlist-files.js';

export { LISTS, readAllowlist };

/**
 * The files that break each list's rules when no list is applied: { [list]: Set<path> }.
 * `only` limits the run to some lists, `files` to some files (repository-relative).
 */
export async function computeViolators({ only = Object.keys(LISTS), files } = {}) {
  const { ESLint } = await import('eslint');
  const { arcadiaConfig } = await import('../eslint.config.js');
  const lists = only.map((name) => [name, LISTS[name]]);
  const rules = new Set(lists.flatMap(([, list]) => list.rules));
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: arcadiaConfig({ allowlists: false, typed: lists.some(([, list]) => list.typed) }),
    ruleFilter: ({ ruleId }) => rules.has(ruleId),
    warnIgnored: false,
  });
  const patterns = files ?? [...new Set(lists.flatMap(([, list]) => list.scope))];
  const results = await eslint.lintFiles(patterns);
  const found = Object.fromEntries(lists.map(([name]) => [name, new Set()]));
  for (const result of results) {
    const file = path.relative(ROOT, result.filePath).split(path.sep).join('/');
    for (const message of result.messages) {
      if (message.fatal) throw new Error(`${file}: ${message.message}`);
      for (const [name, list] of lists) {
        if (list.rules.includes(message.ruleId)) found[name].add(file);
      }
    }
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const write = process.argv.includes('--write');
  const found = await computeViolators();
  let stale = false;
  for (const [name, files] of Object.entries(found)) {
    const listed = new Set(readAllowlist(name));
    const added = [...files].filter((file) => !listed.has(file));
    const removed = [...listed].filter((file) => !files.has(file));
    console.log(
      `${name}: ${files.size} file(s)${added.length ? `, +${added.join(' +')}` : ''}${removed.length ? `, -${removed.join(' -')}` : ''}`,
    );
    if (added.length || removed.length) stale = true;
    if (write) writeAllowlist(name, files);
  }
  if (stale && !write) process.exitCode = 1;
}
