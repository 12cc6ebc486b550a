import type { AppLoadContext } from "@remix-run/node";
import { accessOf } from "~/access/access.server";
import { routePath } from "~/access/route-table";
import { writeImpersonationLogLater } from "~/models/accounts/impersonation-log.server";

// The request side of the impersonation audit log (docs/decisions/036): what a shadow session
// changed, told from the request and its answer; the log itself is a model (accounts).

const READS = new Set(["GET", "HEAD", "OPTIONS"]);
/** These end the shadow log-in and write their own row. */
const LOGS_ITSELF = new Set(["/account/stop-impersonating", "/api/users/shadow-log-out"]);
/** Signing out while shadowing ends both sessions: that is the end of the shadow log-in. */
const SIGNS_OUT = new Set(["/logout", "/api/account/logout"]);
/** Field names are read from bodies this small only (a copy of the body is kept while the action reads it). */
const MAX_READ_BYTES = 64 * 1024;
const MAX_NAMES = 20;
const MAX_DETAILS = 300;

/**
 * Called by the server for every request before it is answered (app/server/request-handler.server.ts):
 * for a change (any method but GET, HEAD, OPTIONS) made in a shadow session, returns the function
 * that logs it once the answer is known. The session is the one the request came with (the lookup
 * is the one its action shares, from the load context), so a log-out is still seen as the shadow session's.
 */
export async function shadowChangeRecorder(
  request: Request,
  context?: AppLoadContext,
): Promise<((response: Response) => void) | null> {
  if (READS.has(request.method) || !request.headers.get("Cookie")?.includes("__session=")) return null;
  const access = await accessOf({ request, context }).catch(() => null);
  const impersonatorUserId = access?.user.impersonatorUserId;
  if (!access || !impersonatorUserId) return null;
  const path = routePath(new URL(request.url));
  if (LOGS_ITSELF.has(path)) return null;
  const signsOut = SIGNS_OUT.has(path);
  const details = signsOut ? Promise.resolve("log out") : fieldNames(request);
  const method = request.method;
  return (response) => {
    // A redirect answered to a script's fetch (?_data) is a 204 naming the redirect's own status.
    const status = response.headers.has("X-Remix-Redirect")
      ? Number(response.headers.get("X-Remix-Status")) || 302
      : response.status;
    writeImpersonationLogLater(
      details.then((described) => ({
        impersonatorUserId,
        userId: access.user.id,
        action: signsOut ? "shadow_log_out" : "change",
        method,
        path,
        details: described,
        status,
      })),
    );
  };
}

/** What was sent, by name: the form's intent and its field names, never a value but the intent's. */
async function fieldNames(request: Request): Promise<string | null> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!request.body) return null;
  if (type.includes("multipart/form-data")) return "a form with files";
  const json = type.includes("json");
  if (!json && !type.includes("application/x-www-form-urlencoded")) return null;
  const length = request.headers.get("Content-Length");
  if (length !== null && !(Number(length) <= MAX_READ_BYTES)) return null;
  try {
    const text = await readUpTo(request.clone().body!, MAX_READ_BYTES);
    if (text === null) return null;
    if (json) {
      const body: unknown = JSON.parse(text);
      if (Array.isArray(body)) return "a list";
      return body && typeof body === "object" ? describe(Object.keys(body), undefined) : null;
    }
    const form = new URLSearchParams(text);
    return describe([...form.keys()], form.get("intent") ?? undefined);
  } catch {
    return null;
  }
}

/** The text of a body no longer than max bytes; null (and the copy dropped) past it. */
async function readUpTo(body: ReadableStream<Uint8Array>, max: number): Promise<string | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks).toString("utf8");
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
}

function describe(keys: string[], intent: string | undefined): string | null {
  const names = [
    ...new Set(
      keys
        .filter((k) => k !== "intent")
        .map((k) =>
          k
            .replace(/\[\d+\]/g, "[]")
            .replace(/[^\w.[\]-]/g, "")
            .slice(0, 40),
        ),
    ),
  ].filter(Boolean);
  const shown =
    names.slice(0, MAX_NAMES).join(", ") + (names.length > MAX_NAMES ? `, and ${names.length - MAX_NAMES} more` : "");
  const parts = [
    intent !== undefined ? `intent: ${/^[\w.-]{1,40}$/.test(intent) ? intent : "(other)"}` : "",
    shown ? `fields: ${shown}` : "",
  ].filter(Boolean);
  return parts.length ? parts.join("; ").slice(0, MAX_DETAILS) : null;
}
