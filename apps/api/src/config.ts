import { createPublicKey, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BILLING_CHARGE_RULES, normalizePhone, PHONE_PATTERN } from '@lawn/shared';
import { z } from 'zod';

/** apps/api/src -> repository root, so defaults do not depend on the working directory. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Where stored files (report exports, e-mailed schedules) live: the database, or S3-compatible object storage. */
export const STORAGE_BACK_ENDS = ['postgres', 's3'] as const;
/** The payment gateways the API can talk to (see payments/create-gateway.ts). */
export const PAYMENT_GATEWAYS = ['local', 'http', 'paytrace'] as const;

const port = z.coerce.number().int().min(0).max(65_535);
const trueOrFalse = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'])
    .default(fallback)
    .transform((value) => value === 'true');
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
  HOST: {
    key: 'host',
    schema: z.string().default('127.0.0.1'),
    description:
      'Interface to listen on. The default serves this machine only; 0.0.0.0 serves every interface, and is refused while a demo account still has the demo password.',
  },
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
    description:
      "Embedded database and its generated passwords, JWT secret and e-mail outbox; private to the app's user (0700, files 0600). Files are kept in the STORAGE back end.",
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
  PASSWORD_RESET_MAILS_PER_HOUR: {
    key: 'passwordResetMailsPerHour',
    schema: positiveInt.max(100).default(3),
    description:
      'Password-reset e-mails per address per hour, both sign-ins together. Further requests get the same answer and send nothing, so nobody can flood an inbox.',
  },
  WEB_INVITATION_TTL_HOURS: {
    key: 'webInvitationTtlHours',
    schema: positiveInt.default(72),
    description: "How long the link of a customer's web-account invitation (set your password) stays valid.",
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
    description:
      'Sign-in requests allowed per IP address per minute; customers looking up a phone or an account number get as many look-ups.',
  },
  PUBLIC_REQUESTS_PER_MINUTE: {
    key: 'publicRequestsPerMinute',
    schema: positiveInt.default(120),
    description:
      "Requests per IP address per minute on each of the public quote's look-ups (zip codes, states, address suggestions, prices, settings): far above what a person filling in the quote needs.",
  },
  SIGN_UPS_PER_HOUR: {
    key: 'signUpsPerHour',
    schema: positiveInt.default(20),
    description:
      'Public sign-ups accepted per IP address per hour; as many leads (the details a visitor leaves for a zip code not served yet), counted apart.',
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
  JOB_POLL_INTERVAL_SECONDS: {
    key: 'jobPollingIntervalSeconds',
    // pg-boss polls each queue at most every half second.
    schema: z.coerce.number().min(0.5).max(60).default(2),
    description:
      'How often an idle job worker looks for new jobs (exports, schedule processing, billing, e-mail): the longest a job queued to an idle queue waits to start, except an export, which starts at once. A worker with a backlog takes job after job without waiting.',
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
      'Map tiles of the address maps: a URL template with {z}, {x} and {y} (and optionally {s}). The content security policy lets the web app load images from this server only (and its own). Without a network the maps still show their marker and say that tiles are unavailable.',
  },
  MAP_TILE_ATTRIBUTION: {
    key: 'mapTileAttribution',
    schema: z.string().min(1).default('© OpenStreetMap contributors'),
    description: 'The credit the tile server’s licence asks for, shown in the corner of every map.',
  },
  QUOTE_VIDEO_URL: {
    key: 'quoteVideoUrl',
    schema: z.url({ protocol: /^https?$/ }).optional(),
    description:
      'The video the public quote embeds (an embeddable page or a video file, http or https). The content security policy lets the page frame this origin only. When unset, the quote has no video section.',
  },
  MARKETING_SITE_URL: {
    key: 'marketingSiteUrl',
    schema: z.url({ protocol: /^https?$/ }).optional(),
    description:
      "The company's marketing site, where Cancel on the public quote leads. When unset, Cancel leads back to the quote's start (its address and zip code form).",
  },
  OFFICE_PHONE: {
    key: 'officePhone',
    schema: z
      .string()
      .regex(PHONE_PATTERN, 'OFFICE_PHONE must be a 10-digit US phone number, e.g. 2145550100 or +1 (214) 555-0100')
      .transform(normalizePhone)
      .optional(),
    description:
      "The office's phone (a 10-digit US number), shown with the office hours at the foot of every public and customer page and in the decline message of a card or account. The first default of the admin panel's office phone: once an Admin sets one there, that one is shown. When unset, those pages show the office hours only.",
  },
  PLACES_AUTOCOMPLETE_URL: {
    key: 'placesAutocompleteUrl',
    schema: z.url().optional(),
    description:
      'Address suggestions from a Photon-compatible search service (e.g. https://photon.komoot.io/api/), limited to the US. When unset, or when it fails or is slow, suggestions come from the streets of the addresses the business already serves.',
  },
  GEOCODER_URL: {
    key: 'geocoderUrl',
    schema: z.url().optional(),
    description:
      'Coordinates of street addresses from a Nominatim-compatible search service (e.g. https://nominatim.openstreetmap.org/search). When unset, or when it fails or is slow, a known address keeps its own coordinates and any other address gets its zip code’s centre, marked approximate.',
  },
  PROPERTY_DATA_URL: {
    key: 'propertyDataUrl',
    schema: z.url().optional(),
    description:
      'County property records from a service answering GET <url>?address=...&zipcode=... with JSON { owner, size, pvalue }. When unset, or when it fails or is slow, records come from the county_records table.',
  },
  PROVIDER_TIMEOUT_MS: {
    key: 'providerTimeoutMs',
    schema: positiveInt.max(30_000).default(2500),
    description:
      'How long a remote places, geocoding or property-data service may take before the local answer is used instead.',
  },
  PAYMENT_GATEWAY: {
    key: 'paymentGateway',
    schema: z.enum(PAYMENT_GATEWAYS).default('local'),
    description:
      'Payment gateway that keeps card and bank tokens and charges them. local (the built-in gateway: it validates, tokenises and charges without a provider, declining the documented test numbers) http (a provider speaking the gateway protocol at PAYMENT_GATEWAY_URL) or paytrace (PayTrace, with the PAYTRACE_* settings).',
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
  PAYTRACE_API_URL: {
    key: 'paytraceApiUrl',
    schema: z.url().default('https://api.paytrace.com'),
    description: "PayTrace's API address (only with PAYMENT_GATEWAY=paytrace); its sandbox's for trials.",
  },
  PAYTRACE_USERNAME: {
    key: 'paytraceUsername',
    schema: z.string().max(100).optional(),
    description: 'The PayTrace API user the product signs in as (only with PAYMENT_GATEWAY=paytrace).',
  },
  PAYTRACE_PASSWORD: {
    key: 'paytracePassword',
    schema: z.string().max(200).optional(),
    description: "That API user's password (only with PAYMENT_GATEWAY=paytrace). Never logged.",
  },
  PAYTRACE_INTEGRATOR_ID: {
    key: 'paytraceIntegratorId',
    schema: z.string().max(50).optional(),
    description: 'The integrator id PayTrace issued for this software, sent with every request.',
  },
  PAYTRACE_PUBLIC_KEY_FILE: {
    key: 'paytracePublicKeyFile',
    schema: z
      .string()
      .optional()
      .transform((value) => (value === undefined ? undefined : path.resolve(value))),
    description:
      "The business's PayTrace public key (PEM, downloaded from PayTrace); browsers encrypt card numbers with it.",
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
    schema: trueOrFalse('true'),
    description: 'Load the demo data (markets and one user per role) into an empty database. Set false in production.',
  },
  BILLING_CHARGES: {
    key: 'billingCharges',
    schema: z.enum(BILLING_CHARGE_RULES).default('check-out'),
    description:
      "What the daily billing charges: check-out (a visit once its crew checked out of it; a scheduled mow with no check-out by the end of the next business day waits on the office's list of visits to confirm) or schedule (every scheduled mow the next business day after it, for crews that do not use the app). The first default of the admin panel's billing setting: once an Admin sets one there, that one applies.",
  },
  STORAGE: {
    key: 'storage',
    schema: z.enum(STORAGE_BACK_ENDS).default('postgres'),
    description:
      'Where stored files (report exports, e-mailed schedules, note attachments) are kept: postgres (in the database, so every API process and its backups have them) or s3 (S3-compatible object storage, the S3_* variables).',
  },
  ATTACHMENT_MAX_BYTES: {
    key: 'attachmentMaxBytes',
    schema: positiveInt.max(1024 * 1024 * 1024).default(10 * 1024 * 1024),
    description:
      'Largest file a note accepts, in bytes (10 MiB by default). Checked while the file streams in: a larger one is refused with 400 and nothing of it is kept.',
  },
  S3_BUCKET: {
    key: 's3Bucket',
    schema: z.string().min(3).max(63).optional(),
    description: 'Bucket of the stored files when STORAGE=s3 (required then). The bucket must exist.',
  },
  S3_ENDPOINT: {
    key: 's3Endpoint',
    schema: z.url().optional(),
    description:
      'Address of an S3-compatible server (MinIO, Garage, ...), e.g. https://s3.example.com; unset for AWS S3.',
  },
  S3_REGION: {
    key: 's3Region',
    schema: z.string().min(1).default('us-east-1'),
    description: 'Region of the bucket (self-hosted stores usually accept any, often us-east-1).',
  },
  S3_ACCESS_KEY_ID: {
    key: 's3AccessKeyId',
    schema: z.string().min(1).optional(),
    description:
      'Access key of the object storage, with S3_SECRET_ACCESS_KEY. When both are unset the AWS SDK looks for credentials itself (an instance role, AWS_ACCESS_KEY_ID, a profile).',
  },
  S3_SECRET_ACCESS_KEY: {
    key: 's3SecretAccessKey',
    schema: z.string().min(1).optional(),
    description: 'Secret of S3_ACCESS_KEY_ID.',
  },
  S3_FORCE_PATH_STYLE: {
    key: 's3ForcePathStyle',
    schema: trueOrFalse('false'),
    description:
      'Address objects as ENDPOINT/BUCKET/KEY instead of BUCKET.ENDPOINT/KEY; most self-hosted stores (MinIO, Garage) need true.',
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
  /** Window of the per-address and per-IP failure counters. Fixed by the product rule, not configurable. */
  loginFailureWindowMinutes: number;
};

export class ConfigError extends Error {}

/**
 * Whether HOST only serves this machine: `localhost`, an address of 127.0.0.0/8, or ::1 (also as an IPv4-mapped
 * address). Anything else (0.0.0.0, ::, a name, a network address) may be reachable from other machines.
 */
export function isLoopbackHost(host: string): boolean {
  const address = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (address === 'localhost') return true;
  if (isIP(address) === 4) return address.startsWith('127.');
  if (isIP(address) !== 6) return false;
  // The URL parser writes an IPv6 address in its shortest form, an IPv4-mapped one in hexadecimal (127. is 7f..).
  const canonical = new URL(`http://[${address}]/`).hostname;
  return canonical === '[::1]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(canonical);
}

/** The only reader of the environment. Empty strings count as unset so `FOO=` in a .env file means "default". */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const vars = parsed.data;
  const storageProblems = storageConfigProblems(vars);
  if (storageProblems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${storageProblems.map((line) => `  ${line}`).join('\n')}`);
  }
  if (vars.PAYMENT_GATEWAY === 'http' && (!vars.PAYMENT_GATEWAY_URL || !vars.PAYMENT_GATEWAY_API_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENT_GATEWAY=http needs PAYMENT_GATEWAY_URL and PAYMENT_GATEWAY_API_KEY',
    );
  }
  const paytraceProblems = vars.PAYMENT_GATEWAY === 'paytrace' ? paytraceConfigProblems(vars) : [];
  if (paytraceProblems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${paytraceProblems.map((line) => `  ${line}`).join('\n')}`);
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
  };
}

/**
 * What PAYMENT_GATEWAY=paytrace needs, checked at start so a business finds a missing setting before a customer does.
 * The messages name the settings only, never their values.
 */
function paytraceConfigProblems(vars: z.output<typeof envSchema>): string[] {
  const required = [
    'PAYTRACE_USERNAME',
    'PAYTRACE_PASSWORD',
    'PAYTRACE_INTEGRATOR_ID',
    'PAYTRACE_PUBLIC_KEY_FILE',
  ] as const;
  const missing = required.filter((name) => !vars[name]);
  if (missing.length > 0) return [`PAYMENT_GATEWAY=paytrace needs ${missing.join(', ')}`];
  const keyFile = vars.PAYTRACE_PUBLIC_KEY_FILE as string;
  try {
    const key = createPublicKey(readFileSync(keyFile, 'utf8'));
    if (key.asymmetricKeyType !== 'rsa') return [`PAYTRACE_PUBLIC_KEY_FILE: ${keyFile} is not an RSA public key`];
  } catch {
    return [`PAYTRACE_PUBLIC_KEY_FILE: ${keyFile} cannot be read as a PEM public key`];
  }
  return [];
}

/** The object storage settings that only make sense together. */
function storageConfigProblems(vars: z.output<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (vars.STORAGE === 's3' && !vars.S3_BUCKET) problems.push('S3_BUCKET: required when STORAGE=s3');
  if (Boolean(vars.S3_ACCESS_KEY_ID) !== Boolean(vars.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: give both or neither');
  }
  return problems;
}

/**
 * A generated secret must survive restarts, or every restart would sign everybody out. Whoever reads it can sign
 * tokens for any account, so the folder is created 0700 and the file is kept 0600 (an older one is closed here).
 */
function readOrCreateJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) {
      chmodSync(file, 0o600);
      return secret;
    }
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
