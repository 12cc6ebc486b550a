import { z } from "zod";
import { parseTrustProxy } from "~/http/trust-proxy";

/** Scheme and host (and port) only, its trailing slashes dropped; unset stays unset. */
const originUrl = (message: string) =>
  z
    .string()
    .refine((url) => /^https?:\/\/[^/?#\s]+\/?$/i.test(url) && URL.canParse(url), message)
    .transform((url) => url.replace(/\/+$/, ""))
    .optional();

/** A whole number from a string, its errors naming the variable and its range. */
const wholeNumberBetween = (name: string, min: number, max: number) =>
  z.coerce
    .number({ invalid_type_error: `${name} must be a number` })
    .int()
    .min(min, `${name} must be between ${min} and ${max}`)
    .max(max, `${name} must be between ${min} and ${max}`);

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: wholeNumberBetween("PORT", 1, 65535).default(3000),
    DATA_DIR: z.string().min(1, "DATA_DIR must not be empty").default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
      .optional(),
    SESSION_SECRET: z.string().min(16, "SESSION_SECRET must be at least 16 characters").optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
      .optional(),
    MAIL_FROM: z.string().default("Fieldwise <no-reply@fieldwise.local>"),
    // Scheme and host (and port) only: every absolute link in a message starts with it (app/utils/app-url.server.ts).
    APP_URL: originUrl("APP_URL must be a full URL such as https://app.example.com"),
    UPLOADS_DIR: z.string().optional(),
    // Real-time events between app instances (Redis pub/sub, app/services/realtime); unset: one instance.
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, "REDIS_URL must start with redis:// or rediss://")
      .optional(),
    GOOGLE_MAPS_API_KEY: z.string().optional(),
    // Route optimisation (app/services/routing): a vroom-express endpoint and an OSRM server; unset, the embedded solver and straight lines.
    VROOM_URL: z
      .string()
      .regex(/^https?:\/\/\S+$/, "VROOM_URL must be a URL such as http://localhost:3000")
      .optional(),
    OSRM_URL: z
      .string()
      .regex(/^https?:\/\/\S+$/, "OSRM_URL must be a URL such as http://localhost:5000")
      .optional(),
    // Twilio (app/services/texts.server.ts): both set, texts go out through Twilio; neither, they stay in the outbox.
    TWILIO_ACCOUNT_SID: z
      .string()
      .regex(/^AC[0-9a-zA-Z]{32}$/, "TWILIO_ACCOUNT_SID must be an account SID (AC followed by 32 characters)")
      .optional(),
    TWILIO_AUTH_TOKEN: z.string().min(16, "TWILIO_AUTH_TOKEN must be at least 16 characters").optional(),
    // The platform's sender for companies without a messaging phone number of their own (E.164).
    TWILIO_FROM_NUMBER: z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, "TWILIO_FROM_NUMBER must be a phone number in E.164 form such as +15551234567")
      .optional(),
    // Tests only: the Twilio API at another address (a local server speaking its protocol); refused in production below.
    TWILIO_API_BASE_URL: originUrl("TWILIO_API_BASE_URL must be a URL such as http://127.0.0.1:14010"),
    TWILIO_API_BASE_URL_ALLOWED: z.enum(["true", "false"]).optional(),
    // Stripe Connect (app/services/payments.server.ts): the platform's secret key turns card payments on; unset, they are off.
    STRIPE_SECRET_KEY: z
      .string()
      .regex(
        /^(sk|rk)_(test|live)_[0-9a-zA-Z]{8,}$/,
        "STRIPE_SECRET_KEY must be a Stripe secret key (sk_live_… or sk_test_…)",
      )
      .optional(),
    // The signing secret of the Connect webhook endpoint at Stripe (whsec_…), for POST /api/webhooks/stripe.
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\S{8,}$/, "STRIPE_WEBHOOK_SECRET must start with whsec_")
      .optional(),
    // The signing secret of our own billing webhook endpoint (Stripe Billing, whsec_…), for POST /api/webhooks/stripe-billing.
    STRIPE_BILLING_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\S{8,}$/, "STRIPE_BILLING_WEBHOOK_SECRET must start with whsec_")
      .optional(),
    // Tests only: the Stripe API at another address (a local server speaking its protocol); refused in production below.
    STRIPE_API_BASE_URL: originUrl("STRIPE_API_BASE_URL must be a URL such as http://127.0.0.1:14020"),
    STRIPE_API_BASE_URL_ALLOWED: z.enum(["true", "false"]).optional(),
    // QuickBooks Online (app/services/quickbooks.server.ts): client id and secret turn accounting sync on; unset, it is off.
    QUICKBOOKS_CLIENT_ID: z.string().optional(),
    QUICKBOOKS_CLIENT_SECRET: z.string().optional(),
    QUICKBOOKS_API_URL: originUrl("QUICKBOOKS_API_URL must be a URL such as https://sandbox-quickbooks.api.intuit.com"),
    QUICKBOOKS_AUTH_URL: z.string().url("QUICKBOOKS_AUTH_URL must be a URL").optional(),
    QUICKBOOKS_TOKEN_URL: z.string().url("QUICKBOOKS_TOKEN_URL must be a URL").optional(),
    // Unset: "true" in development, "false" in production (see the transform below).
    SEED_DEMO: z.enum(["true", "false"]).optional(),
    DEMO_PASSWORD: z.string().min(8, "DEMO_PASSWORD must be at least 8 characters").optional(),
    WEB_CONCURRENCY: wholeNumberBetween("WEB_CONCURRENCY", 1, 64).default(1),
    // The proxies whose X-Forwarded-For and X-Forwarded-Proto are believed (app/utils/trust-proxy.ts).
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((raw, ctx) => {
        const parsed = parseTrustProxy(raw);
        if ("value" in parsed) return parsed.value;
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: parsed.error });
        return z.NEVER;
      }),
    // A session unused this long ends, whatever its 30-day lifetime says (sessions.server).
    SESSION_IDLE_DAYS: z.coerce
      .number({ invalid_type_error: "SESSION_IDLE_DAYS must be a number of days" })
      .min(0.1, "SESSION_IDLE_DAYS must be between 0.1 and 30 days")
      .max(30, "SESSION_IDLE_DAYS must be between 0.1 and 30 days")
      .default(7),
  })
  .transform((config) => ({
    ...config,
    SEED_DEMO: config.SEED_DEMO ?? (config.NODE_ENV === "production" ? "false" : "true"),
  }));

export type Env = z.infer<typeof envSchema>;

/** Reads and validates the environment; throws one message per wrong value. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const result = envSchema.safeParse(cleaned);
  const lines = result.success ? [] : result.error.issues.map((i) => `- ${i.path.join(".")}: ${i.message}`);
  if (cleaned.NODE_ENV === "production" && !cleaned.SESSION_SECRET)
    lines.push("- SESSION_SECRET: SESSION_SECRET is required in production");
  if (cleaned.NODE_ENV === "production" && !cleaned.APP_URL)
    lines.push(
      "- APP_URL: APP_URL is required in production (the public address links in emails use, such as https://app.example.com)",
    );
  if (cleaned.NODE_ENV === "production" && cleaned.DEMO_PASSWORD === PUBLISHED_DEMO_PASSWORD)
    lines.push("- DEMO_PASSWORD: DEMO_PASSWORD must not be the published demo password in production");
  if (!cleaned.TWILIO_ACCOUNT_SID !== !cleaned.TWILIO_AUTH_TOKEN)
    lines.push("- TWILIO_AUTH_TOKEN: TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are set together (or neither)");
  if (
    cleaned.NODE_ENV === "production" &&
    cleaned.TWILIO_API_BASE_URL &&
    cleaned.TWILIO_API_BASE_URL_ALLOWED !== "true"
  )
    lines.push(
      "- TWILIO_API_BASE_URL: TWILIO_API_BASE_URL sends texts somewhere other than Twilio: in production it needs TWILIO_API_BASE_URL_ALLOWED=true too",
    );
  if (cleaned.STRIPE_SECRET_KEY && !cleaned.STRIPE_WEBHOOK_SECRET)
    lines.push(
      "- STRIPE_WEBHOOK_SECRET: STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET too (payments are recorded from Stripe's signed webhooks)",
    );
  if (
    cleaned.NODE_ENV === "production" &&
    cleaned.STRIPE_API_BASE_URL &&
    cleaned.STRIPE_API_BASE_URL_ALLOWED !== "true"
  )
    lines.push(
      "- STRIPE_API_BASE_URL: STRIPE_API_BASE_URL sends payments somewhere other than Stripe: in production it needs STRIPE_API_BASE_URL_ALLOWED=true too",
    );
  if (Number(cleaned.WEB_CONCURRENCY) > 1 && !cleaned.DATABASE_URL)
    lines.push(
      "- WEB_CONCURRENCY: WEB_CONCURRENCY above 1 needs DATABASE_URL (the embedded database serves one process)",
    );
  if (!result.success || lines.length) throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  return result.data;
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}

/** Express's "trust proxy" setting (server.js): false, a hop count or the proxies' addresses. */
export const trustProxy = () => env().TRUST_PROXY;

export const DEV_SESSION_SECRET = "development-only-session-secret";
/** The demo logins' password in development, published in the README: never used in production. */
export const PUBLISHED_DEMO_PASSWORD = "demo1234";
export const PRODUCT_NAME = "Fieldwise";
