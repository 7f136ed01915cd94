// Checks on an autocannon run, for the load benches: a rate is only meaningful when every request
// got the answer it was meant to get.
import { indent } from './common.mjs';

/**
 * @typedef {object} Failure the first reply that was not 2xx, kept by an onResponse callback
 * @property {number} status
 * @property {string} body
 */

/**
 * Returns autocannon's result when every response was 2xx and no request errored or timed out;
 * otherwise fails with the status codes and the first failing reply.
 * @param {string} label prefixed to the message
 * @param {any} result autocannon's result
 * @param {Failure | null} firstFailure
 * @param {string[]} [more] further problems the bench found itself, e.g. replayed requests
 * @returns {any} the result
 */
export function assertAllOk(label, result, firstFailure, more = []) {
  const problems = [];
  if (result.non2xx > 0) {
    const codes = Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, s]) => `${/** @type {any} */ (s).count}× HTTP ${code}`)
      .join(', ');
    problems.push(`${result.non2xx} non-2xx response(s)${codes ? ` (${codes})` : ''}`);
  }
  if (result.errors > 0) problems.push(`${result.errors} connection error(s)`);
  if (result.timeouts > 0) problems.push(`${result.timeouts} timeout(s)`);
  if (result['2xx'] === 0) problems.push('no 2xx response at all');
  problems.push(...more);
  if (problems.length === 0) return result;
  const sample = firstFailure
    ? `\n  first failure, HTTP ${firstFailure.status}:\n${indent(String(firstFailure.body).slice(0, 2000))}`
    : '';
  throw new Error(`${label}: ${problems.join(', ')}; the figure would be meaningless${sample}`);
}
