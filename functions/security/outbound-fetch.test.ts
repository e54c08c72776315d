import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_ANSWER_BYTES, OutboundRefused, checkedDestination, outboundFetch } from './outbound-fetch';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

// Issue 63 (low): an admin's OIDC issuer was fetched from any host and port, these included.
const NOT_PUBLIC = [
  'https://127.0.0.1/',
  'https://0x7f000001/',
  'https://2130706433/',
  'https://127.1/',
  'https://0177.0.0.1/',
  'https://0x7f.1/',
  'https://169.254.169.254/latest/meta-data/',
  'https://[::ffff:169.254.169.254]/',
  'https://[::ffff:a9fe:a9fe]/',
  'https://[::ffff:127.0.0.1]/',
  'https://[::1]/',
  'https://[::]/',
  'https://0.0.0.0/',
  'https://0/',
  'https://10.1.2.3/',
  'https://172.16.0.1/',
  'https://192.168.1.1/',
  'https://100.64.0.1/',
  'https://[fc00::1]/',
  'https://[fd12:3456::1]/',
  'https://[fe80::1]/',
  'https://224.0.0.1/',
  'https://[ff02::1]/',
  'https://255.255.255.255/',
  'https://[64:ff9b::a9fe:a9fe]/',
  'https://[2002:7f00:1::]/',
];

describe('the outbound-fetch guard outside the local stage', () => {
  it.each(NOT_PUBLIC)('refuses %s without a lookup or a connection', async (url) => {
    vi.stubEnv('STAGE', 'prod');
    const lookup = vi.spyOn(dns, 'lookup');
    const connect = [vi.spyOn(https, 'request'), vi.spyOn(http, 'request')];
    await expect(outboundFetch(url)).rejects.toThrow(OutboundRefused);
    await expect(outboundFetch(url)).rejects.toThrow('only public addresses can be reached');
    expect(lookup).not.toHaveBeenCalled();
    for (const spy of connect) expect(spy).not.toHaveBeenCalled();
  });

  it('refuses plain http and a URL with credentials', async () => {
    vi.stubEnv('STAGE', 'prod');
    await expect(checkedDestination('http://idp.example/')).rejects.toThrow('http://idp.example must use https.');
    await expect(checkedDestination('https://me:secret@93.184.215.14/')).rejects.toThrow('user name or password');
  });

  it('refuses a host when any of its addresses is not public, and keeps the addresses it checked for the connection', async () => {
    vi.stubEnv('STAGE', 'prod');
    vi.spyOn(dns, 'lookup').mockImplementation((async (host: string) =>
      host === 'mixed.example'
        ? [
            { address: '93.184.215.14', family: 4 },
            { address: '10.0.0.5', family: 4 },
          ]
        : [{ address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 }]) as unknown as typeof dns.lookup);
    await expect(checkedDestination('https://mixed.example/')).rejects.toThrow(
      'mixed.example is on a private or reserved network',
    );
    expect(await checkedDestination('https://idp.example/.well-known/openid-configuration')).toMatchObject({
      addresses: ['2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    });
  });

  it('takes a public address, in any notation', async () => {
    vi.stubEnv('STAGE', 'prod');
    expect((await checkedDestination('https://0x5db8d70e/')).addresses).toEqual(['93.184.215.14']);
    expect((await checkedDestination('https://[2606:4700::1111]/')).addresses).toEqual(['2606:4700::1111']);
  });
});

/** A server on 127.0.0.1 answering `answer`, and the number of requests it got. */
async function localServer(answer: http.RequestListener) {
  let requests = 0;
  const server = http.createServer((request, response) => {
    requests += 1;
    answer(request, response);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    closeAll: () => server.closeAllConnections(),
    close: () => new Promise((closed) => server.close(closed)),
  };
}

describe('the outbound-fetch guard on the local stage', () => {
  it('reaches loopback (the local identity provider), but not the rest of the private ranges', async () => {
    vi.stubEnv('STAGE', 'local');
    const server = await localServer((_request, response) => response.end('{"ok":true}'));
    try {
      const answer = await outboundFetch(`${server.url}/.well-known/openid-configuration`, {
        headers: { accept: 'application/json' },
      });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ ok: true });
    } finally {
      await server.close();
    }
    await expect(outboundFetch('http://169.254.169.254/')).rejects.toThrow(OutboundRefused);
    await expect(outboundFetch('http://10.0.0.1/')).rejects.toThrow(OutboundRefused);
  });

  it('answers a redirect as it came, never following it', async () => {
    vi.stubEnv('STAGE', 'local');
    const server = await localServer((_request, response) => {
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      response.end();
    });
    try {
      const answer = await outboundFetch(server.url);
      expect(answer.status).toBe(302);
      expect(answer.headers.get('location')).toBe('http://169.254.169.254/latest/meta-data/');
      expect(server.requests()).toBe(1);
    } finally {
      await server.close();
    }
  });

  it("reads a webhook receiver's answer up to its cap and answers with that much, closing the connection", async () => {
    vi.stubEnv('STAGE', 'local');
    const server = await localServer((_request, response) => {
      response.writeHead(500);
      response.end(Buffer.alloc(200 * 1024, 'a'));
    });
    try {
      const answer = await outboundFetch(server.url, { method: 'POST', maxAnswerBytes: 64 * 1024, cutAnswer: true });
      expect(answer.status).toBe(500);
      expect((await answer.arrayBuffer()).byteLength).toBe(64 * 1024);
    } finally {
      await server.close();
    }
  });

  it('holds the whole exchange to its time limit, the lookup included', async () => {
    vi.stubEnv('STAGE', 'prod');
    vi.spyOn(dns, 'lookup').mockImplementation((() => new Promise(() => {})) as unknown as typeof dns.lookup);
    await expect(outboundFetch('https://slow-dns.example/', { timeLimitMs: 50 })).rejects.toThrow(
      'slow-dns.example could not be found within 0.05 seconds.',
    );
    vi.stubEnv('STAGE', 'local');
    const server = await localServer(() => {});
    try {
      await expect(outboundFetch(server.url, { timeLimitMs: 100 })).rejects.toThrow('did not answer within 0.1 seconds');
    } finally {
      server.closeAll();
      await server.close();
    }
  });

  it('refuses an answer larger than its cap', async () => {
    vi.stubEnv('STAGE', 'local');
    const server = await localServer((_request, response) => response.end(Buffer.alloc(MAX_ANSWER_BYTES + 1, 'a')));
    try {
      await expect(outboundFetch(server.url)).rejects.toThrow(`answered more than ${MAX_ANSWER_BYTES / 1024} KB`);
    } finally {
      await server.close();
    }
  });
});
