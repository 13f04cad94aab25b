import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { TrustProxy } from '../config.ts';

/** What an incoming X-Request-Id may look like: a UUID, a proxy's hex id... never a log-breaking string. */
const SANE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** proxy-addr's names (TRUST_PROXY accepts them) as address ranges. */
const NAMED: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/** Whether the socket's peer is a proxy TRUST_PROXY believes (N hops >= 1 trusts the direct peer). */
function trustedPeer(trust: TrustProxy): (address: string | undefined) => boolean {
  if (trust === false || trust === 0) return () => false;
  if (typeof trust === 'number') return () => true;
  const list = new BlockList();
  for (const entry of trust) {
    if (NAMED[entry]) for (const [net, bits, type] of NAMED[entry]) list.addSubnet(net, bits, type);
    else {
      const [ip = '', bits] = entry.split('/');
      const type = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) list.addAddress(ip, type);
      else list.addSubnet(ip, Number(bits), type);
    }
  }
  return (address) => {
    if (!address) return false;
    // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
    const v4 = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : undefined;
    return v4 ? list.check(v4, 'ipv4') : list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * Fastify's genReqId: a random UUID per request (unique across processes and restarts, so support can
 * find the log line and the audit record from the id a client shows). A trusted proxy's X-Request-Id is
 * kept, so one id follows the call through the proxy's logs too; anyone else's is ignored (a client
 * could otherwise forge the id written into the audit log).
 */
export function requestIdGenerator(trust: TrustProxy): (req: IncomingMessage) => string {
  const trusted = trustedPeer(trust);
  return (req) => {
    const incoming = req.headers['x-request-id'];
    if (typeof incoming === 'string' && SANE_ID.test(incoming) && trusted(req.socket?.remoteAddress))
      return incoming;
    return randomUUID();
  };
}
