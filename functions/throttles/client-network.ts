import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a per-address limit counts: an IPv4 address itself, an IPv6 address's /64. One
 * subscriber or host is routinely given a whole /64 and can pick any address in it, so counting
 * IPv6 addresses apart would let one client walk around every per-address limit.
 */
export function clientNetwork(address: string): string {
  const bare = address.split('%', 1)[0] ?? address;
  if (!isIPv6(bare)) return address;
  const groups = ipv6Groups(bare);
  const group = (index: number) => groups[index] ?? 0;
  if ([0, 1, 2, 3, 4].every((index) => group(index) === 0) && group(5) === 0xffff) {
    return [group(6) >> 8, group(6) & 0xff, group(7) >> 8, group(7) & 0xff].join('.');
  }
  return `${[0, 1, 2, 3].map((index) => group(index).toString(16)).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with `::` expanded and a trailing IPv4 part converted). */
function ipv6Groups(address: string): number[] {
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const parse = (part: string | undefined) =>
    (part ? part.split(':') : []).flatMap((group) => {
      if (!isIPv4(group)) return [parseInt(group, 16)];
      const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
      return [(a << 8) | b, (c << 8) | d];
    });
  const start = parse(head);
  const end = parse(tail);
  return [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
}
