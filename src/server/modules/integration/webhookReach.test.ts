import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWithin, RefusedAddress, refusedAddress, refusedUrl } from './webhookReach';

describe('which addresses a webhook may reach', () => {
  it.each([
    ['127.0.0.1', 'local', 'local', null],
    ['127.8.9.10', 'local', 'local', null],
    ['::1', 'local', 'local', null],
    ['::ffff:127.0.0.1', 'local', 'local', null],
    ['169.254.169.254', 'local', 'local', null],
    ['fe80::1', 'local', 'local', null],
    ['0.0.0.0', 'local', 'local', null],
    ['224.0.0.1', 'local', 'local', null],
    ['10.1.2.3', 'private', null, null],
    ['172.20.0.5', 'private', null, null],
    ['192.168.1.10', 'private', null, null],
    ['::ffff:192.168.1.10', 'private', null, null],
    ['fd12::1', 'private', null, null],
    ['172.32.0.1', null, null, null],
    ['8.8.8.8', null, null, null],
    ['2001:4860::8888', null, null, null],
  ] as const)('%s: public %s, private %s, any %s', (address, underPublic, underPrivate, underAny) => {
    expect(refusedAddress(address, 'public')).toBe(underPublic);
    expect(refusedAddress(address, 'private')).toBe(underPrivate);
    expect(refusedAddress(address, 'any')).toBe(underAny);
  });

  it('a URL is judged by the address it writes, a name only when it resolves', () => {
    expect(refusedUrl('http://169.254.169.254/latest/meta-data', 'private')).toBe('local');
    expect(refusedUrl('http://[::1]:8080/hook', 'private')).toBe('local');
    expect(refusedUrl('https://10.0.0.7/erp', 'public')).toBe('private');
    expect(refusedUrl('https://10.0.0.7/erp', 'private')).toBeNull();
    expect(refusedUrl('http://localhost:8080/hook', 'private')).toBeNull();
  });
});

describe('a delivery goes only where it may', () => {
  let receiver: Server;
  let port: number;
  const taken: string[] = [];
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => { body += c.toString(); });
      req.on('end', () => { taken.push(body); res.writeHead(req.url === '/moved' ? 302 : 200, { location: 'http://127.0.0.1/' }).end('ok'); });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    port = (receiver.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => receiver.close(resolve)));

  it('a receiver on this host is reached under `any` only: by its address or by a name resolving to it', async () => {
    await expect(postWithin(`http://127.0.0.1:${port}/hook`, 'a', {}, 5000, 'private')).rejects.toBeInstanceOf(RefusedAddress);
    // localhost resolves to this host when the connection is made: refused then, not when saved.
    await expect(postWithin(`http://localhost:${port}/hook`, 'b', {}, 5000, 'private')).rejects.toThrow(/localhost is .*this host/);
    await expect(postWithin(`http://localhost:${port}/hook`, 'c', {}, 5000, 'public')).rejects.toBeInstanceOf(RefusedAddress);
    expect(taken).toEqual([]);
    expect(await postWithin(`http://127.0.0.1:${port}/hook`, 'd', { 'content-type': 'text/plain' }, 5000, 'any')).toEqual({ status: 200, text: 'ok' });
    expect(taken).toEqual(['d']);
  });

  it('a redirect is an answer, not followed', async () => {
    const before = taken.length;
    expect((await postWithin(`http://127.0.0.1:${port}/moved`, 'e', {}, 5000, 'any')).status).toBe(302);
    expect(taken.length).toBe(before + 1);
  });
});
