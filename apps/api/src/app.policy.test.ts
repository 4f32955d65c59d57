import { describe, expect, it } from 'vitest';
import { useTestContext } from './test/test-app';

/** A tile server of its own on a port, and a public https address. */
const t = useTestContext({
  config: {
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
