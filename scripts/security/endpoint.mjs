// A local stand-in for wapiti's public "endpoint" server, so that its out-of-band checks (SSRF, XXE, remote file
// inclusion) work without any traffic leaving this machine. Wapiti plants URLs pointing here into every parameter;
// the product must never fetch them. Any request that is not wapiti's own results query is a hit: the product was
// made to contact a URL chosen by the attacker.
import { createServer } from 'node:http';

const RESULTS_QUERY = /^\/get_(ssrf|xxe)\.php$/;
// Wapiti's payload URLs: <endpoint>ssrf/<session>/<request id>/<parameter as hex>/ and dtd/... or xxe/... for XXE.
const PAYLOAD_URL = /^\/(ssrf|dtd|xxe)\/([^/]+)\/([^/]+)\/([^/]+)\//;

export function startEndpoint() {
  const hits = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const results = RESULTS_QUERY.exec(url.pathname);
    if (results) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(resultsFor(hits, results[1], url.searchParams.get('id'))));
      return;
    }
    let size = 0;
    request.on('data', (chunk) => (size += chunk.length));
    request.on('end', () => {
      hits.push({
        method: request.method,
        path: url.pathname,
        from: request.socket.remoteAddress,
        userAgent: request.headers['user-agent'] ?? '',
        date: new Date().toISOString(),
        size,
      });
      response.writeHead(404).end();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}/`,
        hits,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/** The shape wapiti reads back: { requestId: { parameterHex: [{ url, date, ip, method, size, payload }] } }. */
function resultsFor(hits, kind, session) {
  const found = {};
  for (const hit of hits) {
    const match = PAYLOAD_URL.exec(hit.path);
    if (!match || match[2] !== session) continue;
    if ((kind === 'ssrf') !== (match[1] === 'ssrf')) continue;
    const [, , , requestId, parameterHex] = match;
    found[requestId] ??= {};
    found[requestId][parameterHex] ??= [];
    found[requestId][parameterHex].push({
      url: hit.path,
      date: hit.date,
      ip: hit.from,
      method: hit.method,
      size: hit.size,
      payload: 'linux',
    });
  }
  return found;
}
