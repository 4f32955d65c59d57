import { describe, expect, it } from 'vitest';
import { useTestContext } from './test/test-app';

/** A production-like install: no demo data, a tile server of its own on a port, a public https address. */
const t = useTestContext({
  config: {
    seedDemoData: false,
    mapTileUrl: 'https://{s}.tiles.example.com:8443/{z}/{x}/{y}.png',
    appUrl: 'https://office.example.com',
  },
});

/** The directives of the content security policy, by name. */
async function policy(): Promise<Record<string, string[]>> {
  const response = await t.app.inject({ url: '/api/health' });
  const header = String(response.headers['content-security-policy']);
  return Object.fromEntries(
    header.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('content security policy', () => {
  it('loads images from the app and the configured tile server only', async () => {
    expect((await policy())['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://*.tiles.example.com:8443']);
  });

  it('connects to the app only, WebSockets included', async () => {
    expect((await policy())['connect-src']).toEqual(["'self'", 'wss://office.example.com']);
  });
});

describe('API documentation without the demo data', () => {
  it('serves no interactive page', async () => {
    const response = await t.app.inject({ url: '/api/docs' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });

  it('gives the OpenAPI document to signed-in staff only', async () => {
    const anonymous = await t.app.inject({ url: '/api/docs/json' });
    expect(anonymous.statusCode).toBe(401);

    const customer = await t.createUser({ role: 'customers' });
    expect((await t.app.inject({ url: '/api/docs/json', headers: await t.authHeaders(customer) })).statusCode).toBe(
      403,
    );

    for (const role of ['Representative', 'crew'] as const) {
      const staff = await t.createUser({ role });
      const response = await t.app.inject({ url: '/api/docs/json', headers: await t.authHeaders(staff) });
      expect(response.statusCode, role).toBe(200);
      expect(response.json()).toMatchObject({ openapi: '3.1.0', info: { title: 'Lawn Care Office API' } });
    }
  });
});
