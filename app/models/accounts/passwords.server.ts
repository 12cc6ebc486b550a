import { randomBytes, scrypt as scryptCallback, timingSafeEqual, createHash } from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>;
// scrypt is memory-hard: N=2^15, r=8 uses 32 MiB per hash. Tests use a cheap factor; verification
// reads the factor from the stored hash, so both kinds of hash verify everywhere.
const PARAMS = { N: process.env.NODE_ENV === "test" ? 1024 : 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, 32, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await scrypt(password, Buffer.from(salt, "base64"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return timingSafeEqual(expected, actual);
}

/** A random secret for links and session ids. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString("base64url");
/** Tokens and codes are stored as their SHA-256, never in clear. */
export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");
