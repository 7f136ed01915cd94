/**
 * Builds a reel strip from symbol counts by spreading each symbol evenly: copy k of a symbol with
 * count n aims at position (k + ½)·L/n (plus a per-symbol phase), and the strip is the symbols
 * sorted by aim. Deterministic, so the published strips never change unless the counts do.
 */
export function buildStrip(counts: [string, number][], phase = 0): string[] {
  const length = counts.reduce((a, [, n]) => a + n, 0);
  const aims: { id: string; aim: number; order: number }[] = [];
  counts.forEach(([id, n], order) => {
    const shift = ((order * 7 + phase * 3) % 11) / 11;
    for (let k = 0; k < n; k++) aims.push({ id, aim: ((k + 0.5 + shift) * length) / n, order });
  });
  aims.sort((a, b) => a.aim - b.aim || a.order - b.order);
  return aims.map((a) => a.id);
}
