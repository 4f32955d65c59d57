import { describe, expect, it } from 'vitest';
import { startEndpoint } from './endpoint.mjs';
import { markedRequest } from './sqlmap.mjs';
import { judgeWapitiReports } from './wapiti.mjs';

describe('markedRequest', () => {
  it('marks every path id and query value for sqlmap, and sends writes without a body as empty JSON', () => {
    const target = {
      method: 'POST',
      template: '/api/reports/{id}/retry',
      path: '/api/reports/2/retry',
      pathValues: { id: '2' },
      query: [['filter[city]', 'Austin*']],
      body: undefined,
      bodyMarks: [],
    };
    expect(markedRequest('http://127.0.0.1:3190', target)).toEqual({
      url: 'http://127.0.0.1:3190/api/reports/2*/retry?filter%5Bcity%5D=Austin*',
      data: '{}',
      points: 2,
    });
  });

  it('marks the free-text fields of a body', () => {
    const target = {
      method: 'PATCH',
      template: '/api/customers/{id}',
      path: '/api/customers/5',
      pathValues: { id: '5' },
      query: [],
      body: { city: 'Austin', week: 2 },
      bodyMarks: [['city']],
    };
    expect(markedRequest('http://h', target)).toEqual({
      url: 'http://h/api/customers/5*',
      data: '{"city":"Austin*","week":2}',
      points: 2,
    });
  });
});

describe('judgeWapitiReports', () => {
  const report = { category: 'HTTP Secure Headers', info: 'X-XSS-Protection is not set', path: '/' };

  it('accepts the X-XSS-Protection report only while the app sends 0 and a CSP that limits scripts', () => {
    const good = new Headers({
      'x-xss-protection': '0',
      'content-security-policy': "default-src 'self';script-src 'self'",
    });
    expect(judgeWapitiReports([report], good)).toMatchObject({ findings: [], accepted: [report] });
    const noCsp = new Headers({ 'x-xss-protection': '0' });
    expect(judgeWapitiReports([report], noCsp)).toMatchObject({ findings: [report], accepted: [] });
  });

  it('keeps every other report as a finding', () => {
    const error = { category: 'Internal Server Error', info: 'The server responded with a 500', path: '/api/users' };
    expect(judgeWapitiReports([error], new Headers()).findings).toEqual([error]);
  });
});

describe('startEndpoint', () => {
  it('records what reaches it and answers wapiti with the hits of its session, by request and parameter', async () => {
    const endpoint = await startEndpoint();
    try {
      await fetch(`${endpoint.url}ssrf/sess1/42/${Buffer.from('url').toString('hex')}/`);
      await fetch(`${endpoint.url}dtd/sess2/7/6964/linux.dtd`);
      const ssrf = await (await fetch(`${endpoint.url}get_ssrf.php?id=sess1`)).json();
      expect(ssrf).toMatchObject({
        42: { [Buffer.from('url').toString('hex')]: [{ method: 'GET', ip: '127.0.0.1' }] },
      });
      expect(await (await fetch(`${endpoint.url}get_ssrf.php?id=other`)).json()).toEqual({});
      expect(Object.keys(await (await fetch(`${endpoint.url}get_xxe.php?id=sess2`)).json())).toEqual(['7']);
      expect(endpoint.hits.map((hit) => hit.path)).toHaveLength(2);
    } finally {
      await endpoint.close();
    }
  });
});
