import { z } from "zod";

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number({ invalid_type_error: "PORT must be a number" }).int().min(1, "PORT must be between 1 and 65535").max(65535, "PORT must be between 1 and 65535").default(3000),
    DATA_DIR: z.string().min(1, "DATA_DIR must not be empty").default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
      .optional(),
    SESSION_SECRET: z.string().min(16, "SESSION_SECRET must be at least 16 characters").optional(),
    SMTP_URL: z.string().regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://").optional(),
    MAIL_FROM: z.string().default("Fieldwise <no-reply@fieldwise.local>"),
    APP_URL: z.string().url("APP_URL must be a full URL such as https://app.example.com").optional(),
    UPLOADS_DIR: z.string().optional(),
    REDIS_URL: z.string().regex(/^rediss?:\/\//, "REDIS_URL must start with redis://").optional(),
    GOOGLE_MAPS_API_KEY: z.string().optional(),
    SEED_DEMO: z.enum(["true", "false"]).default("true"),
    WEB_CONCURRENCY: z.coerce.number({ invalid_type_error: "WEB_CONCURRENCY must be a number" }).int().min(1, "WEB_CONCURRENCY must be between 1 and 64").max(64, "WEB_CONCURRENCY must be between 1 and 64").default(1),
  });

export type Env = z.infer<typeof envSchema>;

/** Reads and validates the environment; throws one message per wrong value. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const result = envSchema.safeParse(cleaned);
  const lines = result.success ? [] : result.error.issues.map((i) => `- ${i.path.join(".")}: ${i.message}`);
  if (cleaned.NODE_ENV === "production" && !cleaned.SESSION_SECRET) lines.push("- SESSION_SECRET: SESSION_SECRET is required in production");
  if (Number(cleaned.WEB_CONCURRENCY) > 1 && !cleaned.DATABASE_URL) lines.push("- WEB_CONCURRENCY: WEB_CONCURRENCY above 1 needs DATABASE_URL (the embedded database serves one process)");
  if (!result.success || lines.length) throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  return result.data;
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}

export const DEV_SESSION_SECRET = "development-only-session-secret";
export const PRODUCT_NAME = "Fieldwise";
