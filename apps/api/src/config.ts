import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** apps/api/src -> repository root, so defaults do not depend on the working directory. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The payment gateways the API can talk to (see payments/create-gateway.ts). */
export const PAYMENT_GATEWAYS = ['local', 'http'] as const;

const port = z.coerce.number().int().min(0).max(65_535);
const positiveInt = z.coerce.number().int().positive();
/** A path, made absolute so it does not depend on the working directory. */
const directory = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) => path.resolve(value));

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
      'Failed sign-ins per e-mail address within 15 minutes before that address is locked for the rest of the window.',
  },
  PAYMENT_GATEWAY: {
    key: 'paymentGateway',
    schema: z.enum(PAYMENT_GATEWAYS).default('local'),
    description:
      'Payment gateway that keeps card and bank tokens and charges them. local (the built-in gateway: it validates, tokenises and charges without a provider, declining the documented test numbers) or http (a provider speaking the gateway protocol at PAYMENT_GATEWAY_URL).',
  },
  PAYMENT_GATEWAY_URL: {
    key: 'paymentGatewayUrl',
    schema: z.url().optional(),
    description: 'Base URL of the payment provider (only with PAYMENT_GATEWAY=http).',
  },
  PAYMENT_GATEWAY_API_KEY: {
    key: 'paymentGatewayApiKey',
    schema: z.string().min(16, 'PAYMENT_GATEWAY_API_KEY must be at least 16 characters').optional(),
    description: 'Secret the API presents to the payment provider (only with PAYMENT_GATEWAY=http).',
  },
  PAYMENT_ENCRYPTION_KEY_FILE: {
    key: 'paymentEncryptionKeyFile',
    schema: z
      .string()
      .optional()
      .transform((value) => (value === undefined ? undefined : path.resolve(value))),
    shownDefault: './.data/payment-encryption-key.pem',
    description:
      "The local gateway's RSA private key (PEM); browsers encrypt card and account numbers with its public half. When unset, a key is generated once and kept in DATA_DIR. API processes sharing a database must share it.",
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

export type Config = Omit<FromEnvironment, 'jwtSecret' | 'appUrl' | 'paymentEncryptionKeyFile'> & {
  /** JWT_SECRET, or the secret generated once and kept in DATA_DIR. */
  jwtSecret: string;
  /** APP_URL without a trailing slash, or http://localhost:PORT. */
  appUrl: string;
  /** PAYMENT_ENCRYPTION_KEY_FILE, or the key file in DATA_DIR. */
  paymentEncryptionKeyFile: string;
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
  if (vars.PAYMENT_GATEWAY === 'http' && (!vars.PAYMENT_GATEWAY_URL || !vars.PAYMENT_GATEWAY_API_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENT_GATEWAY=http needs PAYMENT_GATEWAY_URL and PAYMENT_GATEWAY_API_KEY',
    );
  }
  const read = Object.fromEntries(
    (Object.keys(VARIABLES) as VariableName[]).map((name) => [VARIABLES[name].key, vars[name]]),
  ) as FromEnvironment;
  return {
    ...read,
    jwtSecret: read.jwtSecret ?? readOrCreateJwtSecret(read.dataDir),
    appUrl: (read.appUrl ?? `http://localhost:${read.port}`).replace(/\/+$/, ''),
    paymentEncryptionKeyFile: read.paymentEncryptionKeyFile ?? path.join(read.dataDir, 'payment-encryption-key.pem'),
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
