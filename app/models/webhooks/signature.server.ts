import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Signing by the Standard Webhooks scheme (standardwebhooks.com): the secret is `whsec_` + base64
 * of 32 random bytes, the HMAC-SHA256 key is those bytes, and the signed content is
 * `<Webhook-Id>.<Webhook-Timestamp>.<body>`. Their official libraries verify our requests as is.
 */
export const SECRET_PREFIX = "whsec_";

export function generateWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString("base64");
}

const keyOf = (secret: string) =>
  Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");

/** `v1,<base64 signature>` of one request. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const digest = createHmac("sha256", keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest("base64");
  return `v1,${digest}`;
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | null {
  if (headers instanceof Headers) return headers.get(name);
  const found = Object.entries(headers).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
  return Array.isArray(found) ? (found[0] ?? null) : (found ?? null);
}

/**
 * True when the request is ours and fresh: a `v1` signature of `Webhook-Signature` (several may be
 * listed, space-separated, during a secret rotation) matches, and `Webhook-Timestamp` is within
 * `toleranceSeconds` of now. Replays beyond the tolerance fail here; within it, receivers dedupe
 * on `Webhook-Id`.
 */
export function verifyWebhookSignature(
  secret: string,
  headers: HeaderSource,
  body: string,
  toleranceSeconds = 300,
  now = Date.now(),
): boolean {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, id, Number(timestamp), body));
  return signatures.split(" ").some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
