import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** scheme://host[:port], also for custom schemes such as app:// (whose URL.origin is 'null'). */
const originOf = (value: string): string | null => {
  try {
    const url = new URL(value);
    return url.host ? `${url.protocol}//${url.host}`.toLowerCase() : null;
  } catch {
    return null;
  }
};

// A comma-separated list of origins; one that is not a URL with a host stops the start-up.
const originList = z.string().transform((v, ctx) => {
  const origins: string[] = [];
  for (const item of v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const origin = originOf(item);
    if (origin) origins.push(origin);
    else ctx.addIssue({ code: 'custom', message: `not an origin: ${item}` });
  }
  return origins;
});

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    APP_URL: z.string().url().optional(),
    APP_ORIGINS: originList.optional(),
    DATABASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
    DATA_DIR: z.string().min(1).default('./data'),
    EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    // Unset: the demo school is loaded into an empty embedded database only, never into DATABASE_URL.
    SEED_DEMO: bool.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SESSION_COOKIE_SECURE: bool.default(false),
    SESSION_IDLE_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 14)
      .default(12),
    SESSION_REMEMBER_DAYS: z.coerce.number().positive().max(365).default(30),
    SMTP_URL: z.string().url().optional(),
    MAIL_FROM: z.string().min(3).default('School <no-reply@example.com>'),
    EXCHANGE_RATE_URL: z
      .string()
      .url()
      .default('https://bank.gov.ua/NBUStatService/v1/statdirectory/exchange?valcode=EUR&json'),
    EXCHANGE_RATE_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
    BODY_LIMIT_KB: z.coerce.number().int().positive().default(1024),
    UPLOAD_LIMIT_MB: z.coerce.number().int().positive().default(1024),
    // ffprobe checks every uploaded recording; unset: the binary of @ffprobe-installer/ffprobe.
    FFPROBE_PATH: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
    LOGIN_MAX_ATTEMPTS: z.coerce.number().int().positive().default(5),
    LOGIN_DECAY_SECONDS: z.coerce.number().int().positive().default(60),
    // Failed sign-ins from one address across all accounts (password spraying), per window.
    LOGIN_ADDRESS_MAX_FAILURES: z.coerce.number().int().positive().default(10),
    LOGIN_ADDRESS_DECAY_SECONDS: z.coerce.number().int().positive().default(900),
    // Reset-link requests (POST /password/email) per email and per address, per window.
    PASSWORD_RESET_MAX_PER_EMAIL: z.coerce.number().int().positive().default(3),
    PASSWORD_RESET_MAX_PER_ADDRESS: z.coerce.number().int().positive().default(10),
    PASSWORD_RESET_DECAY_SECONDS: z.coerce.number().int().positive().default(900),
    STATIC_FAMILY_DIR: z.string().optional(),
    STATIC_STAFF_DIR: z.string().optional(),
    // File storage: S3 (or an S3-compatible server) when S3_BUCKET is set, else $DATA_DIR/files.
    S3_ENDPOINT: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
    S3_BUCKET: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'not a valid bucket name')
        .optional(),
    ),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
    S3_SECRET_ACCESS_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
    S3_FORCE_PATH_STYLE: bool.default(false),
    // The recordings upload service (features/recording-uploads): its own process and port.
    UPLOADER_PORT: z.coerce.number().int().min(0).max(65535).default(8081),
    UPLOADER_START: bool.default(true),
    UPLOADER_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
    UPLOADER_JWT_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32).optional()),
    // The chat prototype's STUN/TURN servers: a JSON array of RTCIceServer (features/chat-prototype).
    CHAT_ICE_SERVERS: z.string().optional(),
    // Resumable (tus) recording uploads one user may have open at once, and their declared bytes.
    RECORDING_UPLOADS_MAX_OPEN: z.coerce.number().int().positive().default(5),
    RECORDING_UPLOADS_MAX_OPEN_MB: z.coerce
      .number()
      .int()
      .positive()
      .default(3 * 1024),
    UPLOADER_TOKEN_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(30)
      .max(24 * 3600)
      .default(900),
    // Messenger bots (features/messenger-bots): the outside services' base URLs, tokens and names.
    TELEGRAM_API_URL: z.string().url().default('https://api.telegram.org'),
    TELEGRAM_BOT_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
    TELEGRAM_BOT_NAME: z.string().min(1).default('school_bot'),
    TELEGRAM_WEBHOOK_SECRET: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{16,256}$/)
        .optional(),
    ),
    VIBER_API_URL: z.string().url().default('https://chatapi.viber.com'),
    VIBER_AUTH_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
    VIBER_BOT_NAME: z.string().min(1).default('school'),
    BOT_TOKEN_TTL_MINUTES: z.coerce
      .number()
      .int()
      .positive()
      .max(7 * 24 * 60)
      .default(60),
    // Connect tokens one user may issue (for themself or, staff, for others) per window.
    BOT_TOKEN_ISSUE_MAX: z.coerce.number().int().positive().default(20),
    BOT_TOKEN_ISSUE_DECAY_SECONDS: z.coerce.number().int().positive().default(600),
    BOT_SEND_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
    BOT_SEND_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
    BOT_RETRY_BASE_MS: z.coerce.number().int().min(0).default(5000),
    // Messages per second per bot, across every server process (Telegram allows about 30).
    BOT_SEND_RATE_PER_SECOND: z.coerce.number().positive().max(1000).default(30),
    // GET /metrics (platform/health): with this bearer token on the public port, and/or without one
    // on METRICS_PORT (bound to METRICS_HOST, loopback by default); neither set: no metrics served.
    METRICS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16).optional()),
    METRICS_PORT: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.coerce.number().int().min(0).max(65535).optional(),
    ),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    // Behind nginx: the client's address is the last X-Forwarded-For entry (the one nginx wrote).
    TRUST_PROXY: bool.default(false),
    UPLOADER_METRICS_PORT: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.coerce.number().int().min(0).max(65535).optional(),
    ),
    // Online payments (docs/payments.md): a provider is offered when its keys are set.
    LIQPAY_PUBLIC_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
    LIQPAY_PRIVATE_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
    LIQPAY_API_URL: z.string().url().default('https://www.liqpay.ua'),
    MONOBANK_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
    MONOBANK_API_URL: z.string().url().default('https://api.monobank.ua'),
    PAYMENTS_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
    // The reconciliation (every 5 minutes) and the daily mismatch report; tests call them by hand.
    PAYMENTS_RECONCILE: bool.default(true),
    // The study reminders' minute job (plan, send what is due, the morning digest); tests call it by hand.
    STUDY_REMINDERS_TICK: bool.default(true),
  })
  .superRefine((c, ctx) => {
    if (!c.S3_ACCESS_KEY_ID !== !c.S3_SECRET_ACCESS_KEY) {
      const missing = c.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'set both S3 keys or neither' });
    }
    if (!c.LIQPAY_PUBLIC_KEY !== !c.LIQPAY_PRIVATE_KEY) {
      const missing = c.LIQPAY_PUBLIC_KEY ? 'LIQPAY_PRIVATE_KEY' : 'LIQPAY_PUBLIC_KEY';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'set both LiqPay keys or neither' });
    }
    if (!c.S3_BUCKET && (c.S3_ENDPOINT || c.S3_ACCESS_KEY_ID)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'required when other S3_ settings are set',
      });
    }
  });

export type AppConfig = ReturnType<typeof loadConfig>;

/** Every variable the server reads (deploy/school.env.example is checked against it). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

/** Reads the environment once at start-up; a bad value stops the process with the field named. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Record<string, string>> = {},
) {
  const parsed = envSchema.safeParse({ ...env, ...overrides });
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${fields}`);
  }
  const c = parsed.data;
  const repoRoot = path.resolve(import.meta.dirname, '..', '..');
  const appUrl = c.APP_URL ?? `http://localhost:${c.PORT}`;
  return {
    ...c,
    APP_URL: appUrl,
    /** Origins whose pages may open a socket (APP_URL's and the listed ones); see handshake-origin.ts. */
    APP_ORIGINS: [...new Set([originOf(appUrl)!, ...(c.APP_ORIGINS ?? [])])],
    DATA_DIR: path.resolve(c.DATA_DIR),
    STATIC_FAMILY_DIR: path.resolve(c.STATIC_FAMILY_DIR ?? path.join(repoRoot, 'family-web', 'dist')),
    STATIC_STAFF_DIR: path.resolve(c.STATIC_STAFF_DIR ?? path.join(repoRoot, 'desktop', 'dist-web')),
  };
}
