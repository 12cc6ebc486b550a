import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { currentConnection } from "~/db.server";

/** What is limited, per account (email) and per client address, in a window of seconds. */
const RULES = {
  code: { perAccount: { points: 10, duration: 15 * 60 }, perAddress: { points: 50, duration: 15 * 60 } },
  forgotPassword: { perAccount: { points: 5, duration: 60 * 60 }, perAddress: { points: 30, duration: 60 * 60 } },
  // email-exists and the sign-up first step tell whether an email has an account
  emailCheck: { perAccount: { points: 20, duration: 15 * 60 }, perAddress: { points: 60, duration: 15 * 60 } },
  // each step of sign-up, screen and API: a burst of new companies from one place is refused
  signUp: { perAccount: { points: 10, duration: 60 * 60 }, perAddress: { points: 30, duration: 60 * 60 } },
  // online booking submissions: "account" is the company's form, a flood of requests into one inbox is refused
  bookingRequest: { perAccount: { points: 1000, duration: 60 * 60 }, perAddress: { points: 20, duration: 60 * 60 } },
  // the booking form's place search (a paid maps service): "account" is the company's form
  bookingPlaces: { perAccount: { points: 3000, duration: 10 * 60 }, perAddress: { points: 60, duration: 10 * 60 } },
  // the customer's service plan page (accept, use a saved card): "account" is the plan's token
  servicePlanPage: { perAccount: { points: 30, duration: 60 * 60 }, perAddress: { points: 60, duration: 60 * 60 } },
  // the customer's public checklist form: "account" is the checklist's token
  publicForm: { perAccount: { points: 30, duration: 60 * 60 }, perAddress: { points: 60, duration: 60 * 60 } },
  // the customer portal's sign-in link requests: "account" is the company and the typed email or phone
  portalSignIn: { perAccount: { points: 5, duration: 60 * 60 }, perAddress: { points: 30, duration: 60 * 60 } },
} as const;
export type LimitName = keyof typeof RULES;

/**
 * Failed sign-ins, after rate-limiter-flexible's "login endpoint protection": failures in a row of
 * one email from one address (a success there clears them), and slow guessing from one address
 * over a day. Nothing is counted per email alone, so guesses from elsewhere never lock the owner
 * out of their own address. Unknown emails count like known ones: the answer tells nothing.
 * (The memory store keeps a key with a timer, which cannot run longer than 24.8 days.)
 */
export const SIGN_IN_FAILURES = {
  byEmailAndAddress: {
    keyPrefix: "signIn_failures_email_address",
    points: 10,
    duration: 14 * 86400,
    blockDuration: 60 * 60,
  },
  byAddress: { keyPrefix: "signIn_failures_address", points: 100, duration: 86400, blockDuration: 86400 },
} as const;

type Limiters = { client: unknown; byKey: Map<string, RateLimiterAbstract> };
let limiters: Limiters | undefined;
type LimiterOptions = { keyPrefix: string; points: number; duration: number; blockDuration?: number };

/**
 * PostgreSQL keeps the counters when the app runs on it (several instances share them);
 * the embedded database is one process, so memory holds the same truth there.
 */
function limiter(options: LimiterOptions): RateLimiterAbstract {
  const open = currentConnection();
  if (limiters?.client !== open.client) limiters = { client: open.client, byKey: new Map() };
  let found = limiters.byKey.get(options.keyPrefix);
  if (!found) {
    // The table comes with the migrations (schema core.ts), so the store is ready at once.
    found =
      open.driver === "pg"
        ? new RateLimiterPostgres({
            ...options,
            storeClient: open.client,
            storeType: "pool",
            tableName: "rate_limits",
            tableCreated: true,
          })
        : new RateLimiterMemory(options);
    limiters.byKey.set(options.keyPrefix, found);
  }
  return found;
}

const limiterFor = (name: LimitName, scope: "perAccount" | "perAddress") =>
  limiter({ keyPrefix: `${name}_${scope}`, ...RULES[name][scope] });

export class RateLimited extends Error {
  constructor(public retryAfterSeconds: number) {
    super(rateLimitMessage(retryAfterSeconds));
  }
}

/** The API's answer to a spent limit: 429 with the message and Retry-After. */
export function tooManyAttempts(error: RateLimited): Response {
  return new Response(JSON.stringify({ message: error.message }), {
    status: 429,
    headers: { "Content-Type": "application/json; charset=utf-8", "Retry-After": String(error.retryAfterSeconds) },
  });
}

/** Consumes one attempt of each limit in turn: the 429 answer once one is spent, else null (an API route's guard). */
export async function spendAttempts(
  names: readonly LimitName[],
  who: { account: string; address: string | null },
): Promise<Response | null> {
  try {
    for (const name of names) await consumeAttempt(name, who);
    return null;
  } catch (error) {
    if (error instanceof RateLimited) return tooManyAttempts(error);
    throw error;
  }
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
  const account = limiterFor(name, "perAccount");
  const address = limiterFor(name, "perAddress");
  await throwWhenSpent([
    account.consume(who.account.trim().toLowerCase()),
    ...(who.address ? [address.consume(who.address)] : []),
  ]);
}

/** Waits for the consumes; throws RateLimited with the longest wait when any was refused. */
async function throwWhenSpent(consumes: Promise<RateLimiterRes>[]): Promise<void> {
  let retry = 0;
  for (const result of await Promise.allSettled(consumes)) {
    if (result.status === "fulfilled") continue;
    if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
    retry = Math.max(retry, Math.ceil(result.reason.msBeforeNext / 1000), 1);
  }
  if (retry > 0) throw new RateLimited(retry);
}

export type SignInAttempt = { email: string; address: string | null };
type SignInLimiters = { byEmailAndAddress: RateLimiterAbstract; byAddress: RateLimiterAbstract };

/** The sign-in rules over given counters (the app's own below; tests pass memory ones). */
export function signInProtection(counters: SignInLimiters) {
  const pairKey = (who: SignInAttempt) => `${who.email.trim().toLowerCase()} ${who.address ?? "unknown"}`;
  const waitOf = (res: RateLimiterRes | null, points: number) =>
    res && res.consumedPoints > points ? Math.max(1, Math.ceil(res.msBeforeNext / 1000)) : 0;
  return {
    /** Before the password is checked: throws RateLimited while the address, or this email from it, is blocked. */
    async check(who: SignInAttempt): Promise<void> {
      const [pair, address] = await Promise.all([
        counters.byEmailAndAddress.get(pairKey(who)),
        who.address ? counters.byAddress.get(who.address) : null,
      ]);
      const retry = Math.max(
        waitOf(pair, counters.byEmailAndAddress.points),
        waitOf(address, counters.byAddress.points),
      );
      if (retry > 0) throw new RateLimited(retry);
    },
    /** A wrong password: counted for the address and for this email from it; throws RateLimited (and blocks) once either is spent. */
    async failed(who: SignInAttempt): Promise<void> {
      await throwWhenSpent([
        counters.byEmailAndAddress.consume(pairKey(who)),
        ...(who.address ? [counters.byAddress.consume(who.address)] : []),
      ]);
    },
    /** The right password: this email's failures from this address are forgiven (the address's day count stays). */
    async succeeded(who: SignInAttempt): Promise<void> {
      await counters.byEmailAndAddress.delete(pairKey(who));
    },
  };
}

export const signInLimits = () =>
  signInProtection({
    byEmailAndAddress: limiter(SIGN_IN_FAILURES.byEmailAndAddress),
    byAddress: limiter(SIGN_IN_FAILURES.byAddress),
  });

/**
 * The caller's address. The custom server passes Express's req.ip (which honours the
 * trust-proxy setting) as load context; a forged X-Forwarded-For cannot pick it.
 */
export function clientAddress(context: unknown): string | null {
  const address = (context as { clientAddress?: unknown } | undefined)?.clientAddress;
  return typeof address === "string" && address ? address : null;
}
