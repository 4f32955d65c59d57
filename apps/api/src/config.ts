import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** apps/api/src -> repository root, so defaults do not depend on the working directory. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const port = z.coerce.number().int().min(0).max(65_535);
const positiveInt = z.coerce.number().int().positive();
/** A path, made absolute so it does not depend on the working directory. */
const directory = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) => path.resolve(value));

/** OpenStreetMap's own tile server, which needs no key. */
const OPENSTREETMAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * The server of a map-tile URL template as a content-security-policy source: scheme, host and port. A placeholder in
 * the host's first label (`{s}` for a, b, c subdomains) becomes the `*.` wildcard, the only one CSP has; null for
 * anything else (not http(s), a placeholder further right, a host that is only a placeholder).
 */
export function mapTileSource(template: string): string | null {
  let url: URL;
  try {
    url = new URL(template);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const [first = '', ...rest] = url.hostname.split('.');
  const hasPlaceholder = (label: string) => /[{}]/.test(label);
  if (rest.some(hasPlaceholder) || (hasPlaceholder(first) && rest.length === 0)) return null;
  const host = [hasPlaceholder(first) ? '*' : first, ...rest].join('.');
  return `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`;
}

/** One environment variable: how it is read (with its default), the Config key it fills, and what it is for. */
type Variable = {
  key: string;
  schema: z.ZodType;
  /** How the default reads in the documentation where it is not the schema's own value (a path, generated...). */
  shownDefault?: string;
  description: string;
};

/**
 * Every environment variable the API reads, described once: the schema, the Config type and the documented list
 * (CONFIG_VARIABLES, which the README's configuration table is tested against) all derive from it.
 */
const VARIABLES = {
  PORT: { key: 'port', schema: port.default(3000), description: 'HTTP port of the API and the built web app.' },
  HOST: { key: 'host', schema: z.string().default('0.0.0.0'), description: 'Interface to listen on.' },
  DATABASE_URL: {
    key: 'databaseUrl',
    schema: z.url().optional(),
    description:
      'PostgreSQL connection string. When unset, an embedded PostgreSQL is started with its data in DATA_DIR.',
  },
  DATA_DIR: {
    key: 'dataDir',
    schema: directory(path.join(REPO_ROOT, '.data')),
    shownDefault: './.data',
    description: 'Embedded database, JWT secret, e-mail outbox and files.',
  },
  EMBEDDED_PG_PORT: {
    key: 'embeddedPgPort',
    schema: port.default(54_320),
    description: 'Port of the embedded PostgreSQL (only without DATABASE_URL).',
  },
  JWT_SECRET: {
    key: 'jwtSecret',
    schema: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    shownDefault: 'generated',
    description:
      'Secret that signs access tokens (at least 32 characters). When unset, 48 random bytes are generated once and kept in DATA_DIR/jwt-secret.',
  },
  ACCESS_TOKEN_TTL_SECONDS: {
    key: 'accessTokenTtlSeconds',
    schema: positiveInt.default(900),
    description: 'Lifetime of an access token.',
  },
  REFRESH_TOKEN_TTL_DAYS: {
    key: 'refreshTokenTtlDays',
    schema: positiveInt.default(30),
    description: 'Lifetime of a refresh token (renewed on every refresh).',
  },
  PASSWORD_RESET_TTL_MINUTES: {
    key: 'passwordResetTtlMinutes',
    schema: positiveInt.default(60),
    description: 'How long a password-reset link stays valid.',
  },
  SMTP_URL: {
    key: 'smtpUrl',
    schema: z.url().optional(),
    description:
      'SMTP server, e.g. smtp://user:pass@host:587. When unset, e-mails are written to DATA_DIR/outbox/*.eml.',
  },
  MAIL_FROM: {
    key: 'mailFrom',
    schema: z.string().min(3).default('Lawn Care Office <no-reply@example.com>'),
    description: 'Sender of outgoing e-mail.',
  },
  APP_URL: {
    key: 'appUrl',
    schema: z.url().optional(),
    shownDefault: 'http://localhost:PORT',
    description: 'Public address of the web app, used in e-mailed links.',
  },
  LOG_LEVEL: {
    key: 'logLevel',
    schema: z.enum(LOG_LEVELS).default('info'),
    description: `One of ${LOG_LEVELS.join(', ')}.`,
  },
  WEB_DIST: {
    key: 'webDist',
    schema: directory(path.join(REPO_ROOT, 'apps/web/dist')),
    shownDefault: './apps/web/dist',
    description: 'Built web app to serve; skipped when missing.',
  },
  LOGIN_RATE_LIMIT_PER_MINUTE: {
    key: 'loginRateLimitPerMinute',
    schema: positiveInt.default(10),
    description: 'Sign-in requests allowed per IP address per minute.',
  },
  LOGIN_MAX_FAILURES_PER_EMAIL: {
    key: 'loginMaxFailuresPerEmail',
    schema: positiveInt.default(5),
    description:
      'Failed sign-ins per e-mail address (within 15 minutes, since its last successful sign-in) before each further attempt must wait: 16 seconds after the latest failure, doubling with each failure up to 5 minutes (429 with Retry-After until then).',
  },
  LOGIN_MAX_FAILURES_PER_IP: {
    key: 'loginMaxFailuresPerIp',
    schema: positiveInt.default(20),
    description:
      'Failed sign-ins from one IP address (within 15 minutes, whatever the e-mail address) before its attempts wait in the same way.',
  },
  MAP_TILE_URL: {
    key: 'mapTileUrl',
    schema: z
      .string()
      .refine(
        (template) => mapTileSource(template) !== null,
        'MAP_TILE_URL must be an http(s) URL template with placeholders only in the first label of its host, e.g. https://{s}.tile.example.com/{z}/{x}/{y}.png',
      )
      .default(OPENSTREETMAP_TILE_URL),
    description:
      'Map tile URL template ({s}, {z}, {x}, {y}). The content security policy lets the web app load images from this server only (and its own).',
  },
  SEED_DEMO_DATA: {
    key: 'seedDemoData',
    schema: z
      .enum(['true', 'false'])
      .default('true')
      .transform((value) => value === 'true'),
    description: 'Load the demo data (markets and one user per role) into an empty database. Set false in production.',
  },
} as const satisfies Record<string, Variable>;

type Variables = typeof VARIABLES;
type VariableName = keyof Variables;

const envSchema = z.object(
  Object.fromEntries(Object.entries(VARIABLES).map(([name, variable]) => [name, variable.schema])) as {
    [Name in VariableName]: Variables[Name]['schema'];
  },
);

/** The defaults as the schema gives them (undefined where a variable has none). */
const DEFAULTS = envSchema.parse({});

export type ConfigVariable = { name: VariableName; default: string; description: string };

/** Every variable with its default as documented: the schema's own, else `shownDefault`, else 'unset'. */
export const CONFIG_VARIABLES: readonly ConfigVariable[] = (Object.keys(VARIABLES) as VariableName[]).map((name) => {
  const variable: Variable = VARIABLES[name];
  const value = DEFAULTS[name];
  return {
    name,
    default: variable.shownDefault ?? (value === undefined ? 'unset' : String(value)),
    description: variable.description,
  };
});

/** The values read from the environment, under their Config keys. */
type FromEnvironment = { [Name in VariableName as Variables[Name]['key']]: z.output<Variables[Name]['schema']> };

export type Config = Omit<FromEnvironment, 'jwtSecret' | 'appUrl'> & {
  /** JWT_SECRET, or the secret generated once and kept in DATA_DIR. */
  jwtSecret: string;
  /** APP_URL without a trailing slash, or http://localhost:PORT. */
  appUrl: string;
  /** Window of the per-address and per-IP failure counters. Fixed by the product rule, not configurable. */
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
  const read = Object.fromEntries(
    (Object.keys(VARIABLES) as VariableName[]).map((name) => [VARIABLES[name].key, vars[name]]),
  ) as FromEnvironment;
  return {
    ...read,
    jwtSecret: read.jwtSecret ?? readOrCreateJwtSecret(read.dataDir),
    appUrl: (read.appUrl ?? `http://localhost:${read.port}`).replace(/\/+$/, ''),
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
