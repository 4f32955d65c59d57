import { generateKeyPairSync } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, isLoopbackHost, loadConfig, mapTileSource, REPO_ROOT } from './config';

const dataDir = mkdtempSync(path.join(tmpdir(), 'lawn-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 's'.repeat(32) });
    expect(config).toMatchObject({
      port: 3000,
      // This machine only: the demo's published sign-ins must not be reachable from the network by default.
      host: '127.0.0.1',
      databaseUrl: undefined,
      embeddedPgPort: 54_320,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
      passwordResetTtlMinutes: 60,
      webInvitationTtlHours: 72,
      mailFrom: 'Lawn Care Office <no-reply@example.com>',
      appUrl: 'http://localhost:3000',
      logLevel: 'info',
      webDist: path.join(REPO_ROOT, 'apps/web/dist'),
      loginRateLimitPerMinute: 10,
      loginMaxFailuresPerEmail: 5,
      loginMaxFailuresPerIp: 20,
      seedDemoData: true,
    });
    expect(loadConfig({ JWT_SECRET: 's'.repeat(32) }).dataDir).toBe(path.join(REPO_ROOT, '.data'));
  });

  it('reads and coerces the variables, treating empty ones as unset', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 's'.repeat(32),
      PORT: '4100',
      APP_URL: 'https://office.example.com/',
      DATABASE_URL: 'postgres://u:p@db:5432/lawn',
      SMTP_URL: '',
      LOGIN_MAX_FAILURES_PER_EMAIL: '3',
      SEED_DEMO_DATA: 'false',
    });
    expect(config).toMatchObject({
      port: 4100,
      appUrl: 'https://office.example.com',
      databaseUrl: 'postgres://u:p@db:5432/lawn',
      smtpUrl: undefined,
      loginMaxFailuresPerEmail: 3,
      seedDemoData: false,
    });
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'http', JWT_SECRET: 'short', LOG_LEVEL: 'loud' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ DATA_DIR: dataDir, PORT: 'http', JWT_SECRET: 'short', LOG_LEVEL: 'loud' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/JWT_SECRET must be at least 32 characters/);
      expect((error as Error).message).toMatch(/LOG_LEVEL/);
    }
  });

  it('keeps files in PostgreSQL by default, and reads the object storage settings for STORAGE=s3', () => {
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 's'.repeat(32) })).toMatchObject({
      storage: 'postgres',
      s3Bucket: undefined,
      s3Region: 'us-east-1',
      s3ForcePathStyle: false,
    });
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 's'.repeat(32),
      STORAGE: 's3',
      S3_BUCKET: 'lawn-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'minio-secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config).toMatchObject({
      storage: 's3',
      s3Bucket: 'lawn-files',
      s3Endpoint: 'http://127.0.0.1:9000',
      s3AccessKeyId: 'minio',
      s3SecretAccessKey: 'minio-secret',
      s3ForcePathStyle: true,
    });
  });

  it('switches PayTrace on only with all its settings and a readable public key, never echoing the password', () => {
    const base = { DATA_DIR: dataDir, JWT_SECRET: 's'.repeat(32), PAYMENT_GATEWAY: 'paytrace' };
    const keyFile = path.join(dataDir, 'paytrace-public.pem');
    const notAKey = path.join(dataDir, 'not-a-key.pem');
    writeFileSync(
      keyFile,
      generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }),
    );
    writeFileSync(notAKey, 'hello');
    const settings = {
      PAYTRACE_USERNAME: 'api-user',
      PAYTRACE_PASSWORD: 'secret-password-1',
      PAYTRACE_INTEGRATOR_ID: '9999LAWN',
      PAYTRACE_PUBLIC_KEY_FILE: keyFile,
    };

    expect(() => loadConfig({ ...base, PAYTRACE_USERNAME: 'api-user' })).toThrow(
      /PAYMENT_GATEWAY=paytrace needs PAYTRACE_PASSWORD, PAYTRACE_INTEGRATOR_ID, PAYTRACE_PUBLIC_KEY_FILE/,
    );
    const badKey = () => loadConfig({ ...base, ...settings, PAYTRACE_PUBLIC_KEY_FILE: notAKey });
    expect(badKey).toThrow(/PAYTRACE_PUBLIC_KEY_FILE: .* cannot be read as a PEM public key/);
    expect(badKey).not.toThrow(/secret-password-1/);
    expect(loadConfig({ ...base, ...settings })).toMatchObject({
      paymentGateway: 'paytrace',
      paytraceApiUrl: 'https://api.paytrace.com',
      paytraceUsername: 'api-user',
      paytracePublicKeyFile: keyFile,
    });
  });

  it('refuses object storage settings that cannot work', () => {
    const base = { DATA_DIR: dataDir, JWT_SECRET: 's'.repeat(32) };
    expect(() => loadConfig({ ...base, STORAGE: 's3' })).toThrow(/S3_BUCKET: required when STORAGE=s3/);
    expect(() => loadConfig({ ...base, STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, STORAGE: 's3', S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: give both or neither/,
    );
    expect(() => loadConfig({ ...base, STORAGE: 'disk' })).toThrow(/STORAGE/);
  });

  it('generates a JWT secret once and keeps it in DATA_DIR, so tokens survive restarts', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    const second = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(64);
    expect(second).toBe(first);
    const file = path.join(dataDir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('creates DATA_DIR private for the generated secret, and closes a secret an older version left readable', () => {
    const fresh = path.join(dataDir, 'fresh');
    loadConfig({ DATA_DIR: fresh });
    expect(statSync(fresh).mode & 0o777).toBe(0o700);

    const file = path.join(fresh, 'jwt-secret');
    chmodSync(file, 0o644);
    loadConfig({ DATA_DIR: fresh });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('documents every variable it reads', () => {
    const documented = CONFIG_VARIABLES.map((variable) => variable.name);
    const source = readFileSync(new URL('./config.ts', import.meta.url), 'utf8');
    const read = [...source.matchAll(/^ {2}([A-Z][A-Z0-9_]+): /gm)].map((match) => match[1]);
    expect(read.length).toBeGreaterThan(10);
    expect(documented.sort()).toEqual([...new Set(read)].sort());
  });

  it('matches the README configuration table: the same variables with the same defaults', () => {
    const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const start = readme.indexOf('## Configuration');
    const end = readme.indexOf('\n## ', start + 1);
    const table = readme.slice(start, end === -1 ? undefined : end);
    const rows = [...table.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \| ([^|]*) \|/gm)].map(([, name, shown]) => ({
      name,
      default: (shown ?? '').replaceAll('`', '').trim(),
    }));
    const byName = (a: { name?: string }, b: { name?: string }) => String(a.name).localeCompare(String(b.name));
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.sort(byName)).toEqual(
      CONFIG_VARIABLES.map((variable) => ({ name: variable.name, default: variable.default })).sort(byName),
    );
  });

  it('documents the defaults the schema applies', () => {
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 's'.repeat(32) });
    const documented = Object.fromEntries(CONFIG_VARIABLES.map((variable) => [variable.name, variable.default]));
    expect(documented).toMatchObject({
      PORT: String(config.port),
      EMBEDDED_PG_PORT: String(config.embeddedPgPort),
      MAIL_FROM: config.mailFrom,
      LOG_LEVEL: config.logLevel,
      SEED_DEMO_DATA: String(config.seedDemoData),
      DATABASE_URL: 'unset',
      SMTP_URL: 'unset',
    });
  });
});

describe('isLoopbackHost', () => {
  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['127.10.0.1', true],
    ['::1', true],
    ['[::1]', true],
    ['0:0:0:0:0:0:0:1', true],
    ['::ffff:127.0.0.1', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.168.1.20', false],
    ['::ffff:10.0.0.1', false],
    ['fe80::1', false],
    ['office.example.com', false],
  ])('%s serves this machine only: %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});

describe('MAP_TILE_URL', () => {
  it('defaults to OpenStreetMap, whose server the content security policy then allows', () => {
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 's'.repeat(32) });
    expect(config.mapTileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(mapTileSource(config.mapTileUrl)).toBe('https://tile.openstreetmap.org');
  });

  it.each([
    ['https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://*.tile.openstreetmap.org'],
    ['https://tiles-{s}.example.com:8443/{z}/{x}/{y}.png?key=abc', 'https://*.example.com:8443'],
    ['http://localhost:8080/tiles/{z}/{x}/{y}.png', 'http://localhost:8080'],
    ['https://{s}/{z}/{x}/{y}.png', null],
    ['https://tiles.{s}.example.com/{z}/{x}/{y}.png', null],
    ['ftp://tiles.example.com/{z}/{x}/{y}.png', null],
    ['not a url', null],
  ])('%s -> %s', (template, source) => {
    expect(mapTileSource(template)).toBe(source);
  });

  it('refuses a template whose server cannot be named', () => {
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 's'.repeat(32), MAP_TILE_URL: 'https://{s}/{z}/{x}/{y}.png' }),
    ).toThrow(/MAP_TILE_URL must be an http\(s\) URL template/);
  });
});
