import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * Which addresses a webhook may be delivered to (`WEBHOOK_REACH`, docs/integrations.md, "Where a
 * webhook may go"). An administrator types an endpoint's URL, so without a bound the server would
 * POST wherever it is told: to itself, to the cloud's metadata service, to anything on its host.
 *
 * - `private` (the default): public addresses and the private networks a dealer's ERP sits in
 *   (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7); never this host (loopback), link-local
 *   (169.254/16, the cloud metadata service), unspecified, multicast or reserved addresses;
 * - `public`: public addresses only;
 * - `any`: no bound (a receiver on the server's own host; the tests' receivers).
 *
 * The address is checked as the connection is made, on what the name resolved to then, so a name
 * that resolves to a public address when saved and to 127.0.0.1 when delivered is still refused.
 */
export type WebhookReach = 'public' | 'private' | 'any';
export const WEBHOOK_REACHES = ['public', 'private', 'any'] as const;

const never = new BlockList();
for (const [net, bits] of [['0.0.0.0', 8], ['127.0.0.0', 8], ['169.254.0.0', 16], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) never.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [['::', 128], ['::1', 128], ['fe80::', 10], ['ff00::', 8]] as const) never.addSubnet(net, bits, 'ipv6');
const privateNets = new BlockList();
for (const [net, bits] of [['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['100.64.0.0', 10]] as const) privateNets.addSubnet(net, bits, 'ipv4');
privateNets.addSubnet('fc00::', 7, 'ipv6');

/** An IPv4 address written as IPv6 (`::ffff:127.0.0.1`) is judged as the IPv4 address it is. */
function plain(address: string): [string, 'ipv4' | 'ipv6'] {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return [mapped[1], 'ipv4'];
  return [address, isIP(address) === 6 ? 'ipv6' : 'ipv4'];
}

/** Why an address is kept out: it is this host, link-local or reserved (`local`), or private under `public`. */
export type Refusal = 'local' | 'private';
const SAID: Record<Refusal, string> = { local: 'this host, link-local or reserved', private: 'a private address' };

/** Why `address` may not be reached under `reach`, or null when it may. */
export function refusedAddress(address: string, reach: WebhookReach): Refusal | null {
  if (reach === 'any') return null;
  const [ip, family] = plain(address);
  if (never.check(ip, family)) return 'local';
  if (reach === 'public' && privateNets.check(ip, family)) return 'private';
  return null;
}

/** A URL's host as an address, when it is one (`[::1]` without its brackets). */
const literalOf = (url: URL) => {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) ? host : null;
};

/** Why the URL's own address (when it names one) may not be reached; a name is judged when it resolves. */
export function refusedUrl(url: string, reach: WebhookReach): Refusal | null {
  const literal = literalOf(new URL(url));
  return literal ? refusedAddress(literal, reach) : null;
}

export class RefusedAddress extends Error {
  readonly code = 'EADDRREFUSED';
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup, refusing a name that resolves to an address `reach` keeps out. */
function guardedLookup(reach: WebhookReach) {
  return (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      for (const a of addresses) {
        const refused = refusedAddress(a.address, reach);
        if (refused) return callback(new RefusedAddress(`${hostname} is ${a.address}, ${SAID[refused]}`), []);
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

export interface WebhookAnswer { status: number; text: string }

/**
 * POSTs `body` to `url` within `timeoutMs`, only to an address `reach` allows, following no
 * redirect (a 3xx is an answer like any other). Answers the status and the first 512 characters.
 */
export function postWithin(url: string, body: string, headers: Record<string, string>, timeoutMs: number, reach: WebhookReach): Promise<WebhookAnswer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const refused = refusedUrl(url, reach);
    if (refused) return reject(new RefusedAddress(`${target.hostname} is ${SAID[refused]}`));
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(target, {
      method: 'POST', lookup: guardedLookup(reach),
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { if (text.length < 512) text += chunk; });
      res.on('end', () => { clearTimeout(timer); resolve({ status: res.statusCode ?? 0, text: text.slice(0, 512) }); });
      res.on('error', reject);
    });
    // The whole exchange, not each pause of the socket.
    const timer = setTimeout(() => req.destroy(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { code: 'ETIMEDOUT' })), timeoutMs);
    req.on('error', (err) => { clearTimeout(timer); reject(err); });
    req.end(body);
  });
}
