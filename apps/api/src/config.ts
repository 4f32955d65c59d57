import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** apps/api/src -> repository root, so defaults do not depend on the working directory. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type ConfigVariable = { name: string; default: string; description: string };

/** Every environment variable the API reads (kept here so the README table cannot drift from the code). */
export const CONFIG_VARIABLES: readonly ConfigVariable[] = [
  { name: 'PORT', default: '3000', description: 'HTTP port of the API and the built web app.' },
  { name: 'HOST', default: '0.0.0.0', description: 'Interface to listen on.' },
  {
    name: 'DATABASE_URL',
    default: '(unset)',
    description:
      'PostgreSQL connection string. When unset, an embedded PostgreSQL is started with its data in DATA_DIR.',
  },
  { name: 'DATA_DIR', default: '<repo>/.data', description: 'Embedded database, JWT secret, e-mail outbox and files.' },
  {
    name: 'EMBEDDED_PG_PORT',
    default: '54320',
    description: 'Port of the embedded PostgreSQL (only without DATABASE_URL).',
  },
  {
    name: 'JWT_SECRET',
    default: '(generated)',
    description:
      'Secret that signs access tokens (at least 32 characters). When unset, 48 random bytes are generated once and kept in DATA_DIR/jwt-secret.',
  },
  { name: 'ACCESS_TOKEN_TTL_SECONDS', default: '900', description: 'Lifetime of an access token.' },
  {
    name: 'REFRESH_TOKEN_TTL_DAYS',
    default: '30',
    description: 'Lifetime of a refresh token (renewed on every refresh).',
  },
  { name: 'PASSWORD_RESET_TTL_MINUTES', default: '60', description: 'How long a password-reset link stays valid.' },
  {
    name: 'SMTP_URL',
    default: '(unset)',
    description:
      'SMTP server, e.g. smtp://user:pass@host:587. When unset, e-mails are written to DATA_DIR/outbox/*.eml.',
  },
  { name: 'MAIL_FROM', default: 'Lawn Care Office <no-reply@example.com>', description: 'Sender of outgoing e-mail.' },
  {
    name: 'APP_URL',
    default: 'http://localhost:PORT',
    description: 'Public address of the web app, used in e-mailed links.',
  },
  { name: 'LOG_LEVEL', default: 'info', description: `One of ${LOG_LEVELS.join(', ')}.` },
  { name: 'WEB_DIST', default: '<repo>/apps/web/dist', description: 'Built web app to serve; skipped when missing.' },
  {
    name: 'LOGIN_RATE_LIMIT_PER_MINUTE',
    default: '10',
    description: 'Sign-in requests allowed per IP address per minute.',
  },
  {
    name: 'LOGIN_MAX_FAILURES_PER_EMAIL',
    default: '5',
    description:
      'Failed sign-ins per e-mail address within 15 minutes before that address is locked for the rest of the window.',
  },
  {
    name: 'SEED_DEMO_DATA',
    default: 'true',
    description: 'Load the demo data (markets and one user per role) into an empty database. Set false in production.',
  },
];

const port = z.coerce.number().int().min(0).max(65_535);
const positiveInt = z.coerce.number().int().positive();

const envSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().optional(),
  EMBEDDED_PG_PORT: port.default(54_320),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt.default(900),
  REFRESH_TOKEN_TTL_DAYS: positiveInt.default(30),
  PASSWORD_RESET_TTL_MINUTES: positiveInt.default(60),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('Lawn Care Office <no-reply@example.com>'),
  APP_URL: z.url().optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  WEB_DIST: z.string().optional(),
  LOGIN_RATE_LIMIT_PER_MINUTE: positiveInt.default(10),
  LOGIN_MAX_FAILURES_PER_EMAIL: positiveInt.default(5),
  SEED_DEMO_DATA: z.enum(['true', 'false']).default('true'),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPgPort: number;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  passwordResetTtlMinutes: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  appUrl: string;
  logLevel: LogLevel;
  webDist: string;
  loginRateLimitPerMinute: number;
  loginMaxFailuresPerEmail: number;
  /** Whether an empty database gets the demo data at start. */
  seedDemoData: boolean;
  /** Window of the per-e-mail failure counter. Fixed by the product rule, not configurable. */
  loginFailureWindowMinutes: number;
  /** How often job workers poll for new jobs; tests shorten it. */
  jobPollingIntervalSeconds: number;
};

export class ConfigError extends Error {}

/** The only reader of the environment. Empty strings count as unset so `FOO=` in a .env file means "default". */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const vars = parsed.data;
  const dataDir = path.resolve(vars.DATA_DIR ?? path.join(REPO_ROOT, '.data'));
  return {
    port: vars.PORT,
    host: vars.HOST,
    databaseUrl: vars.DATABASE_URL,
    dataDir,
    embeddedPgPort: vars.EMBEDDED_PG_PORT,
    jwtSecret: vars.JWT_SECRET ?? readOrCreateJwtSecret(dataDir),
    accessTokenTtlSeconds: vars.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: vars.REFRESH_TOKEN_TTL_DAYS,
    passwordResetTtlMinutes: vars.PASSWORD_RESET_TTL_MINUTES,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM,
    appUrl: (vars.APP_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, ''),
    logLevel: vars.LOG_LEVEL,
    webDist: path.resolve(vars.WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist')),
    loginRateLimitPerMinute: vars.LOGIN_RATE_LIMIT_PER_MINUTE,
    loginMaxFailuresPerEmail: vars.LOGIN_MAX_FAILURES_PER_EMAIL,
    seedDemoData: vars.SEED_DEMO_DATA === 'true',
    loginFailureWindowMinutes: 15,
    jobPollingIntervalSeconds: 2,
  };
}

/** A generated secret must survive restarts, or every restart would sign everybody out. */
function readOrCreateJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
