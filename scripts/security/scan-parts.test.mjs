import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverErrorsIn } from './app-log.mjs';
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
      contentType: 'application/json',
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
      contentType: 'application/json',
      points: 2,
    });
  });

  it('sends a file upload as multipart, with a marker in the file name', () => {
    const target = {
      method: 'POST',
      template: '/api/customers/{id}/notes/{noteId}/attachments',
      path: '/api/customers/5/notes/2/attachments',
      pathValues: { id: '5', noteId: '2' },
      query: [],
      body: undefined,
      bodyMarks: [],
      upload: { field: 'files', filename: 'scan.mp3', contentType: 'audio/mpeg', content: 'ID3 scan' },
    };
    const request = markedRequest('http://h', target);
    expect(request.url).toBe('http://h/api/customers/5*/notes/2*/attachments');
    expect(request.points).toBe(3);
    expect(request.contentType).toBe('multipart/form-data; boundary=security-scan-boundary');
    expect(request.data).toBe(
      '--security-scan-boundary\r\n' +
        'Content-Disposition: form-data; name="files"; filename="scan*.mp3"\r\n' +
        'Content-Type: audio/mpeg\r\n\r\nID3 scan\r\n--security-scan-boundary--\r\n',
    );
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

describe('serverErrorsIn', () => {
  it('groups the logged server errors by place and reason, leaving out the values that were sent', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'security-log-'));
    try {
      const failure = (value) => ({
        level: 50,
        msg: 'request failed',
        err: {
          type: 'DrizzleQueryError',
          query: 'select count(*) from "users" where "email" ilike $1',
          params: [value],
          message: `Failed query: select count(*) from "users" where "email" ilike $1\nparams: ${value}: invalid byte sequence for encoding "UTF8": 0x00`,
          stack:
            'Error: Failed query\n    at async Module.listUsers (/repo/apps/api/src/modules/users/users.repo.ts:33:5)',
        },
      });
      const lines = [failure('%a\u0000%'), failure('%b\u0000%'), { level: 40, msg: 'slow' }, 'not json'];
      writeFileSync(
        path.join(dir, 'app.log'),
        lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n'),
      );
      expect(serverErrorsIn(path.join(dir, 'app.log'))).toEqual([
        {
          count: 2,
          error:
            'DrizzleQueryError in modules/users/users.repo.ts:33 (Module.listUsers): invalid byte sequence for encoding "UTF8": 0x00',
        },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
