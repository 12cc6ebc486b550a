import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";

/**
 * SSRF guard for webhook URLs: in production only https to public addresses. The URL is checked
 * when saved, and the address is checked again when each delivery connects (the socket's DNS
 * lookup), so a name that later resolves to a private address (DNS rebinding) is refused too.
 * Outside production, http is allowed for localhost (a developer's receiver, the tests' server).
 */
const privateRanges = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  privateRanges.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  privateRanges.addSubnet(net, prefix, "ipv6");

const LOCAL_NAMES = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

export const isProduction = () => process.env.NODE_ENV === "production";

/** Loopback, private, link-local, multicast or reserved (IPv4-mapped IPv6 addresses as their IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPrivateAddress(mapped[1]);
  const family = isIP(address);
  if (family === 4) return privateRanges.check(address, "ipv4");
  if (family === 6) return privateRanges.check(address, "ipv6");
  return true;
}

/** Why the URL may not receive webhooks, or null when it may. */
export function webhookUrlProblem(value: string, production = isProduction()): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "Enter a full URL, like https://example.com/webhooks";
  }
  if (url.username || url.password) return "The URL may not contain a user name or password";
  const host = url.hostname.toLowerCase();
  if (!production) {
    if (url.protocol === "https:") return null;
    if (url.protocol === "http:" && LOCAL_NAMES.has(host)) return null;
    return "The URL must start with https:// (http:// only for localhost)";
  }
  if (url.protocol !== "https:") return "The URL must start with https://";
  const literal = host.replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".internal") || host.endsWith(".local"))
    return "The URL must point to a public address";
  if (isIP(literal) && isPrivateAddress(literal)) return "The URL must point to a public address";
  return null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that refuses private addresses (production): the socket connects
 * only to the address checked here.
 */
export function publicOnlyLookup(hostname: string, options: object, callback: LookupCallback) {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "");
    const list = addresses as LookupAddress[];
    const refused = list.find((a) => isPrivateAddress(a.address));
    if (refused || list.length === 0) {
      const failure: NodeJS.ErrnoException = new Error(`Refused: ${hostname} resolves to a private address`);
      failure.code = "EPRIVATEADDRESS";
      return callback(failure, "");
    }
    if ((options as { all?: boolean }).all) return callback(null, list);
    callback(null, list[0].address, list[0].family);
  });
}
