import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { serviceZones } from './db/schema';
import { createLogger } from './logger';
import { insertMarket } from './test/record-fixtures';
import { nextIp, useTestContext } from './test/test-app';

const webDist = mkdtempSync(path.join(tmpdir(), 'lawn-web-dist-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Lawn Care Office</title><div id="root"></div>');
writeFileSync(path.join(webDist, 'assets', 'app-1a2b3c.js'), 'console.log("app");');
writeFileSync(
  path.join(webDist, 'quote.html'),
  '<!doctype html><title>Your quote</title><div id="root"><div class="quote-frame-paper"><h1>In luck</h1></div></div>',
);
const bigScript = `export const words = ${JSON.stringify('lawn '.repeat(2000))};`;
writeFileSync(path.join(webDist, 'assets', 'big-4d5e6f.js'), bigScript);
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const t = useTestContext({
  captureLogs: true,
  config: { webDist },
  beforeReady: (app) => {
    app.get('/api/test/explode', { config: { access: 'public' } }, async () => {
      throw new Error('connection string postgres://secret@db exploded');
    });
  },
});

const noMail = { send: async () => ({ messageId: '' }), close: () => undefined };

/** Builds the real app plus one extra plugin and starts it, as main.ts would. */
async function startWith(plugin: FastifyPluginAsync): Promise<void> {
  const app = await buildApp({
    config: t.config,
    db: t.db,
    jobs: t.jobs,
    mailer: noMail,
    logger: createLogger({ level: 'silent' }),
    checkResponses: true,
  });
  try {
    await app.register(plugin);
    await app.ready();
  } finally {
    await app.close().catch(() => undefined);
  }
}

describe('errors', () => {
  it('answers an unexpected failure with 500 "Server Error" and logs the details with the stack', async () => {
    const response = await t.app.inject({ url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Server Error' });
    expect(response.body).not.toContain('postgres://');

    const logged = t.logs.find((line) => line.includes('exploded'));
    expect(logged).toBeDefined();
    expect(JSON.parse(logged ?? '{}').err.stack).toContain('app.test.ts');
  });

  it('answers unknown API paths with a JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/no-such-thing' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found' });
    }
  });
});

describe('access declarations', () => {
  it('refuses to start when an /api route does not say who may call it', async () => {
    const start = startWith(async (child) => {
      child.get('/api/forgotten', async () => 'oops');
    });
    await expect(start).rejects.toThrow(/GET \/api\/forgotten has no access rule/);
  });

  it('refuses to start when a route names a role that does not exist', async () => {
    const start = startWith(async (child) => {
      child.get('/api/typo', { config: { access: ['Admins'] as never } }, async () => 'oops');
    });
    await expect(start).rejects.toThrow(/invalid access rule/);
  });
});

describe('API documentation', () => {
  it('serves the OpenAPI document with the routes, their security and named components', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/me', '/api/users', '/api/notifications/{id}', '/api/health']),
    );
    expect(document.paths['/api/users'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/api/auth/login'].post.security).toEqual([]);
    expect(document.components.schemas.NavItem).toBeDefined();
    expect(Object.keys(document.paths).every((url: string) => url.startsWith('/api/'))).toBe(true);
  });

  it('serves the interactive documentation page', async () => {
    const response = await t.app.inject({ url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});

describe('web app and headers', () => {
  it('serves the built web app, with deep links falling back to index.html', async () => {
    const root = await t.app.inject({ url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('Lawn Care Office');

    const deepLink = await t.app.inject({ url: '/edit-customer?record=12&page=0' });
    expect(deepLink.statusCode).toBe(200);
    expect(deepLink.headers['content-type']).toContain('text/html');
    expect(deepLink.headers['cache-control']).toBe('no-cache');
    expect(deepLink.body).toContain('<div id="root">');

    const asset = await t.app.inject({ url: '/assets/app-1a2b3c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('answers the public quote page, with any query, with its own quote.html, never cached, hinting its zip look-up', async () => {
    for (const url of ['/web/quote?address=1%20Main%20St&zipcode=75201', '/web/quote', '/web/quote/']) {
      const quote = await t.app.inject({ url });
      expect(quote.statusCode).toBe(200);
      expect(quote.headers['content-type']).toContain('text/html');
      expect(quote.headers['cache-control']).toBe('no-cache');
      expect(quote.body).toContain('<title>Your quote</title>');
    }
    const quote = await t.app.inject({ url: '/web/quote?address=1%20Main%20St&zipcode=75201' });
    expect(quote.headers['link']).toBe('</api/web/zip-code/75201>; rel=preload; as=fetch; crossorigin');
    const badZip = await t.app.inject({ url: '/web/quote?address=1%20Main%20St&zipcode=75201%3E%2C%3C%2Fx' });
    expect(badZip.headers['link']).toBeUndefined();
    const signUp = await t.app.inject({ url: '/web/sign-up-process' });
    expect(signUp.headers['link']).toBeUndefined();
    expect(signUp.body).toContain('<title>Lawn Care Office</title>');
    const lookAlike = await t.app.inject({ url: '/web/quotes' });
    expect(lookAlike.body).toContain('<title>Lawn Care Office</title>');
  });

  it("paints the quote's early heading only for a zip the business serves", async () => {
    const marketId = await insertMarket(t.db, 'Quote frame market', 8.25);
    await t.db.insert(serviceZones).values({ marketId, zipcode: '75201', city: 'Dallas', state: 'TX' });
    const served = await t.app.inject({ url: '/web/quote?address=1%20Main%20St&zipcode=75201' });
    expect(served.body).toContain('<h1>In luck</h1>');
    for (const url of ['/web/quote?address=1%20Main%20St&zipcode=10001', '/web/quote', '/web/quote?zipcode=7520']) {
      const other = await t.app.inject({ url });
      expect(other.statusCode).toBe(200);
      expect(other.body).toContain('<div id="root"></div>');
      expect(other.body).not.toContain('In luck');
    }
  });

  it('compresses what it serves for clients that accept gzip, and only for them', async () => {
    const compressed = await t.app.inject({ url: '/assets/big-4d5e6f.js', headers: { 'accept-encoding': 'gzip' } });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(compressed.rawPayload).toString()).toBe(bigScript);
    const plain = await t.app.inject({ url: '/assets/big-4d5e6f.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
  });

  it('sends security headers, and API answers are never cached', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('request logging', () => {
  it('keeps passwords, tokens and secret query values out of the log', async () => {
    const user = await t.createUser({ password: 'super-secret-password' });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'super-secret-password' },
      remoteAddress: nextIp(),
    });
    const { refreshToken, accessToken } = signIn.json().data;
    await t.app.inject({
      url: '/reset-password?token=link-secret-value&x=1',
      headers: { authorization: `Bearer ${accessToken}` },
    });

    const log = t.logs.join('\n');
    expect(log).toContain('/api/auth/login');
    expect(log).toContain('/reset-password?token=[redacted]&x=1');
    for (const secret of ['super-secret-password', refreshToken, accessToken, 'link-secret-value']) {
      expect(log).not.toContain(secret);
    }
  });

  it('keeps personal data in list filters out of the logged URL, and keeps paging readable', async () => {
    const admin = await t.createUser({ role: 'Admin' });
    await t.app.inject({
      url: '/api/customers?filter[email]=ann.lee@example.com&filter[contactNumber]=2145550188&filter[fullName]=Ann%20Lee&page=2&limit=50',
      headers: await t.authHeaders(admin),
    });
    const log = t.logs.join('\n');
    for (const personal of ['ann.lee@example.com', '2145550188', 'Ann%20Lee']) expect(log).not.toContain(personal);
    expect(log).toContain('filter[email]=[redacted]&filter[contactNumber]=[redacted]&filter[fullName]=[redacted]');
    expect(log).toContain('page=2&limit=50');
  });
});

describe('error logging', () => {
  it("censors a failed query's values and a constraint's key value, keeping what helps to find the bug", () => {
    const lines: string[] = [];
    const log = createLogger({ level: 'info', stream: { write: (line: string) => lines.push(line) } });
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "customers_email"'), {
      code: '23505',
      detail: 'Key (lower(email))=(ann.lee@example.com) already exists.',
    });
    const failure = Object.assign(
      new Error(
        'Failed query: insert into "customer_history" ("description") values ($1)\nparams: Changed first name from Pat to Ann Lee',
      ),
      { params: ['Changed first name from Pat to Ann Lee'], cause },
    );
    log.error({ err: failure }, 'request failed');
    log.error({ err: cause }, 'request failed');
    const text = lines.join('');
    expect(text).not.toContain('Ann Lee');
    expect(text).not.toContain('ann.lee@example.com');
    expect(text).toContain('insert into \\"customer_history\\"');
    expect(text).toContain('Key (lower(email))=([redacted]) already exists.');
  });
});
