import { isIP } from "node:net";

/** Express's "trust proxy" value: nothing, a hop count, or the proxies' addresses. */
export type TrustProxy = false | number | string[];

const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);
const MAX_HOPS = 10;

/**
 * Reads TRUST_PROXY: unset or `false` trusts no proxy (the socket's address is the client's);
 * a hop count trusts that many proxies from the right of X-Forwarded-For; a comma-separated list
 * of addresses, CIDR ranges or Express's named ranges trusts those proxies only. `true` (believe
 * every X-Forwarded-For, so its leftmost, client-written entry) and ranges covering every
 * address are refused.
 */
export function parseTrustProxy(raw: string | undefined): { value: TrustProxy } | { error: string } {
  const text = raw?.trim() ?? "";
  if (text === "" || text.toLowerCase() === "false") return { value: false };
  if (text.toLowerCase() === "true") {
    return {
      error:
        "TRUST_PROXY=true would believe any X-Forwarded-For: give the number of proxies in front of the app (such as 1) or their addresses",
    };
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_HOPS) return { error: `TRUST_PROXY must be a hop count from 0 to ${MAX_HOPS}, or proxy addresses` };
    return { value: hops === 0 ? false : hops };
  }
  const entries = text.split(",").map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (wrong.length) {
    return {
      error: `TRUST_PROXY must be a hop count or comma-separated proxy addresses (IPs, CIDR ranges such as 10.0.0.0/8, loopback, linklocal, uniquelocal); not ${wrong.map((w) => JSON.stringify(w)).join(", ")}`,
    };
  }
  return { value: entries };
}

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d+$/.test(prefix)) return false;
  // A /0 range is every address: the same as trusting any X-Forwarded-For.
  const bits = Number(prefix);
  return bits >= 1 && bits <= (version === 4 ? 32 : 128);
}
