import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { currentConnection } from "~/db.server";

/** What is limited, per account (email) and per client address, in a window of seconds. */
const RULES = {
  signIn: { perAccount: { points: 10, duration: 15 * 60 }, perAddress: { points: 50, duration: 15 * 60 } },
  code: { perAccount: { points: 10, duration: 15 * 60 }, perAddress: { points: 50, duration: 15 * 60 } },
  forgotPassword: { perAccount: { points: 5, duration: 60 * 60 }, perAddress: { points: 30, duration: 60 * 60 } },
  // email-exists and the sign-up first step tell whether an email has an account
  emailCheck: { perAccount: { points: 20, duration: 15 * 60 }, perAddress: { points: 60, duration: 15 * 60 } },
} as const;
export type LimitName = keyof typeof RULES;

type Limiters = { client: unknown; byKey: Map<string, Promise<RateLimiterAbstract>> };
let limiters: Limiters | undefined;

/**
 * PostgreSQL keeps the counters when the app runs on it (several instances share them);
 * the embedded database is one process, so memory holds the same truth there.
 */
function limiterFor(name: LimitName, scope: "perAccount" | "perAddress"): Promise<RateLimiterAbstract> {
  const open = currentConnection();
  if (limiters?.client !== open.client) limiters = { client: open.client, byKey: new Map() };
  const key = `${name}:${scope}`;
  let limiter = limiters.byKey.get(key);
  if (!limiter) {
    const options = { keyPrefix: `${name}_${scope}`, ...RULES[name][scope] };
    if (open.driver === "pg") {
      // The table comes with the migrations (schema core.ts), so the store is ready at once.
      limiter = Promise.resolve(new RateLimiterPostgres({ ...options, storeClient: open.client, storeType: "pool", tableName: "rate_limits", tableCreated: true }));
    } else {
      limiter = Promise.resolve(new RateLimiterMemory(options));
    }
    limiters.byKey.set(key, limiter);
  }
  return limiter;
}

export class RateLimited extends Error {
  constructor(public retryAfterSeconds: number) {
    super(rateLimitMessage(retryAfterSeconds));
  }
}

/** The API's answer to a spent limit: 429 with the message and Retry-After. */
export function tooManyAttempts(error: RateLimited): Response {
  return new Response(JSON.stringify({ message: error.message }), { status: 429, headers: { "Content-Type": "application/json; charset=utf-8", "Retry-After": String(error.retryAfterSeconds) } });
}

export function rateLimitMessage(retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/**
 * Counts one attempt for the account and the address; throws RateLimited when either is spent.
 * An unknown address (no load context) is not counted: one shared bucket would lock everyone out.
 */
export async function consumeAttempt(name: LimitName, who: { account: string; address: string | null }): Promise<void> {
  const [account, address] = await Promise.all([limiterFor(name, "perAccount"), limiterFor(name, "perAddress")]);
  const results = await Promise.allSettled([account.consume(who.account.toLowerCase()), ...(who.address ? [address.consume(who.address)] : [])]);
  let retry = 0;
  for (const result of results) {
    if (result.status === "fulfilled") continue;
    if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
    retry = Math.max(retry, Math.ceil(result.reason.msBeforeNext / 1000));
  }
  if (retry > 0) throw new RateLimited(retry);
}

/** A successful sign-in clears the account's count (the address keeps its own). */
export async function forgiveAccount(name: LimitName, account: string): Promise<void> {
  await (await limiterFor(name, "perAccount")).delete(account.toLowerCase());
}

/**
 * The caller's address. The custom server passes Express's req.ip (which honours the
 * trust-proxy setting) as load context; a forged X-Forwarded-For cannot pick it.
 */
export function clientAddress(context: unknown): string | null {
  const address = (context as { clientAddress?: unknown } | undefined)?.clientAddress;
  return typeof address === "string" && address ? address : null;
}
