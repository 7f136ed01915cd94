import ipaddr from 'ipaddr.js';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** Parses CIDR ranges or single addresses; an invalid entry throws (validated at the edge first). */
export function parseRanges(entries: readonly string[]): Range[] {
  return entries.map((entry) => {
    if (entry.includes('/')) return ipaddr.parseCIDR(entry);
    const addr = ipaddr.parse(entry);
    return [addr, addr.kind() === 'ipv4' ? 32 : 128];
  });
}

export function isValidRange(entry: string): boolean {
  try {
    parseRanges([entry]);
    return true;
  } catch {
    return false;
  }
}

/** Whether `ip` lies in any range; IPv4-mapped IPv6 addresses (`::ffff:a.b.c.d`) match IPv4 ranges. */
export function ipInRanges(ip: string, ranges: readonly Range[]): boolean {
  if (ranges.length === 0 || !ipaddr.isValid(ip)) return false;
  let addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) {
    addr = (addr as ipaddr.IPv6).toIPv4Address();
  }
  return ranges.some(([net, bits]) => net.kind() === addr.kind() && addr.match(net, bits));
}
