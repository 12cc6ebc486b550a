type RequestLike = { method: string; headers: Record<string, string | string[] | undefined> };

const header = (headers: RequestLike["headers"], name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * A state-changing request whose Origin names another host than the one it was sent to.
 * Requests without Origin (server-to-server calls, webhooks) are allowed; they carry no cookies
 * a browser attached on a user's behalf from another site.
 */
export function isCrossSiteRequest(request: RequestLike): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(request.method.toUpperCase())) return false;
  const origin = header(request.headers, "origin");
  if (!origin) return false;
  if (origin === "null") return true;
  const host = header(request.headers, "x-forwarded-host") ?? header(request.headers, "host");
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}
