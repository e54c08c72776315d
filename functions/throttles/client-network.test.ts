import { describe, expect, it } from 'vitest';
import { clientNetwork } from './client-network';

describe('the network a per-address limit counts', () => {
  it('is an IPv4 address itself', () => {
    expect(clientNetwork('192.0.2.10')).toBe('192.0.2.10');
    expect(clientNetwork('192.0.2.11')).not.toBe(clientNetwork('192.0.2.10'));
  });

  it('is the /64 of an IPv6 address, however the address is written', () => {
    const network = '2001:db8:1:2::/64';
    expect(clientNetwork('2001:db8:1:2::1')).toBe(network);
    expect(clientNetwork('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe(network);
    expect(clientNetwork('2001:db8:1:2:a:b:c:d')).toBe(network);
    expect(clientNetwork('2001:DB8:1:2::abcd%eth0')).toBe(network);
    expect(clientNetwork('2001:db8:1:3::1')).not.toBe(network);
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('is the IPv4 address of an IPv4-mapped IPv6 address', () => {
    expect(clientNetwork('::ffff:192.0.2.10')).toBe('192.0.2.10');
    expect(clientNetwork('::ffff:c000:20a')).toBe('192.0.2.10');
  });

  it('leaves anything else as it is', () => {
    expect(clientNetwork('unknown')).toBe('unknown');
  });
});
