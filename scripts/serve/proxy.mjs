// The /api reverse proxy of scripts/serve.mjs, on http-proxy-3. It only ever talks to its configured
// upstreams (the caller refuses absolute-form and `//host` request targets before this runs), in
// round-robin order, and moves on to the next upstream when one cannot be reached. The request body
// is buffered (the API takes at most 1 MiB) so that a refused attempt can be replayed on the next one.
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { Readable } from 'node:stream';
import { createProxyServer } from 'http-proxy-3';

/** RFC 9110 7.6.1: meaningful only for one connection, never forwarded. */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  // The body is already read here; the upstream must not wait for a second go-ahead.
  'expect',
];

/** Errors raised before the upstream saw the request: safe to replay on the next upstream. */
const UNREACHED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

const MAX_BODY = 2 * 1024 * 1024;
const UPSTREAM_TIMEOUT_MS = 60_000;

function json(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** Drops the hop-by-hop headers, and any header that the Connection header names. */
export function withoutHopByHop(headers) {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const out = { ...headers };
  for (const name of [...HOP_BY_HOP, ...named]) delete out[name];
  return out;
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        req.pause();
        reject(Object.assign(new Error('body too large'), { status: 413 }));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * The peers whose X-Forwarded-Proto and X-Forwarded-Host are believed: a TLS load balancer (or the
 * ingress) in front, listed in SERVE_TRUSTED_PROXIES as addresses or CIDRs ('10.0.0.0/8,127.0.0.1').
 * From anyone else they are replaced by what this server saw, so a client cannot claim https.
 */
export function trustedPeers(list = process.env.SERVE_TRUSTED_PROXIES ?? '') {
  const blocks = new BlockList();
  for (const entry of list.split(/[\s,]+/).filter(Boolean)) {
    const [ip = '', bits] = entry.split('/');
    const type = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
    if (!isIP(ip)) throw new Error(`SERVE_TRUSTED_PROXIES: ${entry} is not an address or a CIDR`);
    if (bits === undefined) blocks.addAddress(ip, type);
    else blocks.addSubnet(ip, Number(bits), type);
  }
  return (address) => {
    if (!address) return false;
    // An IPv4 peer on a dual-stack socket shows as ::ffff:a.b.c.d.
    const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
    return blocks.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * `upstreams`: origins such as ['http://api-1:3000', 'http://api-2:3000']; `trusted`: see trustedPeers.
 * Returns `(req, res) => void` for requests whose path is under /api.
 */
export function createApiProxy(upstreams, { trusted = trustedPeers() } = {}) {
  const targets = upstreams.map((url) => new URL(url).origin);
  const agents = {
    'http:': new http.Agent({ keepAlive: true }),
    'https:': new https.Agent({ keepAlive: true }),
  };
  const proxy = createProxyServer({
    changeOrigin: true,
    selfHandleResponse: true,
    proxyTimeout: UPSTREAM_TIMEOUT_MS,
  });
  // The answer goes back without the upstream's hop-by-hop headers; Node sets our own Connection.
  proxy.on('proxyRes', (proxyRes, _req, res) => {
    res.writeHead(proxyRes.statusCode ?? 502, withoutHopByHop(proxyRes.headers));
    proxyRes.pipe(res);
  });
  // Errors without a per-call callback (none expected): answer rather than crash.
  proxy.on('error', (_error, _req, res) => {
    if (typeof res?.headersSent !== 'boolean') return;
    if (res.headersSent) res.destroy();
    else json(res, 502, { success: false, message: 'API unreachable' });
  });
  let next = 0;

  return async function forward(req, res) {
    let body;
    try {
      body = await readBody(req);
    } catch (error) {
      if (error.status !== 413) return req.socket.destroy();
      // The rest is discarded while it comes (closing on unread data would reset the connection before
      // the client reads the answer), then the connection is closed; 5 s at most.
      req.removeAllListeners('data');
      req.resume();
      res.setHeader('Connection', 'close');
      json(res, 413, { success: false, message: 'Request body too large' });
      setTimeout(() => req.socket.destroy(), 5000).unref();
      return;
    }
    const peer = req.socket.remoteAddress ?? '';
    const incomingFor = req.headers['x-forwarded-for'];
    const headers = withoutHopByHop(req.headers);
    // Earlier hops (possibly spoofed by the client) stay as earlier entries; the peer we saw is last.
    headers['x-forwarded-for'] = incomingFor ? `${incomingFor}, ${peer}` : peer;
    // Behind a trusted TLS load balancer the client's scheme is its to say: overwriting it with our
    // plain http would drop the Secure flag of the session cookie.
    const fromTrusted = trusted(peer);
    const incomingProto = String(req.headers['x-forwarded-proto'] ?? '')
      .split(',')[0]
      .trim();
    headers['x-forwarded-proto'] =
      fromTrusted && (incomingProto === 'https' || incomingProto === 'http')
        ? incomingProto
        : req.socket.encrypted
          ? 'https'
          : 'http';
    headers['x-forwarded-host'] =
      (fromTrusted && req.headers['x-forwarded-host']) || (req.headers.host ?? '');
    if (body.length > 0 || req.method === 'POST' || req.method === 'PUT' || req.method === 'PATCH')
      headers['content-length'] = String(body.length);
    req.headers = headers;

    const start = next;
    next = (next + 1) % targets.length;
    const attempt = (tried) => {
      const target = targets[(start + tried) % targets.length];
      proxy.web(
        req,
        res,
        { target, agent: agents[new URL(target).protocol], buffer: Readable.from(body.length ? [body] : []) },
        (error) => {
          if (UNREACHED.has(error.code) && tried + 1 < targets.length && !res.headersSent)
            return attempt(tried + 1);
          if (res.headersSent) res.destroy();
          else json(res, 502, { success: false, message: 'API unreachable' });
        },
      );
    };
    attempt(0);
  };
}
