import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import type { Access } from "~/access/access.server";
import {
  claimOfflineChange,
  finishOfflineChange,
  readOfflineChange,
  releaseOfflineChange,
  type OfflineChangeOutcome,
} from "~/models/offline/offline-changes.server";
import { OFFLINE_CHANGE_HEADER } from "~/sw/headers";

export const MAYBE_NOT_SAVED = "This change may not have been saved. Check the job before doing it again.";
const REFUSED = "The server refused this change.";
const refusedByStatus: Record<number, string> = { 413: "This change is too large to send." };

const keySchema = z.string().uuid();

type Finished = Exclude<OfflineChangeOutcome, { state: "applying" }>;

/** The first message of an action's JSON answer: its `message`, its `_global` error, else its first field error. */
export function firstMessage(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const { message, errors } = body as { message?: unknown; errors?: unknown };
  if (typeof message === "string" && message) return message;
  if (errors && typeof errors === "object") {
    const all = errors as Record<string, unknown>;
    const first = typeof all._global === "string" && all._global ? all._global : Object.values(all).find(Boolean);
    if (typeof first === "string") return first;
    if (Array.isArray(first) && typeof first[0] === "string") return first[0];
  }
  return null;
}

/**
 * What an action's answer means for a kept change: a redirect or 2xx applied it (with where it sent
 * the page: Location, or Remix's X-Remix-Redirect of a fetch), a 4xx refused it (with the first
 * error message); a 5xx says nothing sure (null: the claim stays `applying`).
 */
export async function outcomeOf(response: Response): Promise<Finished | null> {
  const { status } = response;
  if (status < 400) {
    const location = response.headers.get("X-Remix-Redirect") ?? response.headers.get("Location");
    return { state: "applied", statusCode: status, location };
  }
  if (status >= 500) return null;
  let body: unknown = null;
  if (response.headers.get("Content-Type")?.includes("json"))
    body = await response
      .clone()
      .json()
      .catch(() => null);
  return { state: "refused", statusCode: status, message: firstMessage(body) ?? refusedByStatus[status] ?? REFUSED };
}

/** The answer a finished change gives again: its redirect, a 2xx, or 409 with the refusal's message. */
export function answerOf(outcome: OfflineChangeOutcome): Response {
  if (outcome.state === "applying") return json({ message: MAYBE_NOT_SAVED }, { status: 409 });
  if (outcome.state === "refused") return json({ message: outcome.message }, { status: 409 });
  if (outcome.location) return redirect(outcome.location, outcome.statusCode >= 300 ? outcome.statusCode : 302);
  return json({ applied: true }, { status: outcome.statusCode });
}

/**
 * Runs a screen's action once per kept change. A post without the header runs as always. With it
 * (after the access check): a new key is claimed, the action runs and its outcome is kept; a key
 * finished before answers the kept outcome again without running the action; a key still
 * `applying` (a crash, or the same change replayed at the same moment) answers 409. A 403 or 404
 * (not the caller's record) answers as without the header and keeps nothing.
 */
export async function withOfflineChange<T extends Response>(
  request: Request,
  access: Access,
  run: () => Promise<T>,
): Promise<T> {
  const header = request.headers.get(OFFLINE_CHANGE_HEADER);
  if (header === null) return run();
  const key = keySchema.safeParse(header);
  // The answers of our own (409, 400) reach the service worker only, never the page's actionData: typed as the action's.
  const own = (response: Response) => response as T;
  if (!key.success) return own(json({ message: `${OFFLINE_CHANGE_HEADER} must be a UUID` }, { status: 400 }));
  const { ctx } = access;
  if (!(await claimOfflineChange(ctx, key.data, new URL(request.url).pathname))) {
    return own(answerOf((await readOfflineChange(ctx, key.data)) ?? { state: "applying" }));
  }
  let response: T;
  let thrown = false;
  try {
    response = await run();
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    response = error as T;
    thrown = true;
  }
  // Not the caller's record (another company's, or no longer visible): answered as always, nothing kept.
  if (response.status === 403 || response.status === 404) {
    await releaseOfflineChange(ctx, key.data);
    if (thrown) throw response;
    return response;
  }
  const outcome = await outcomeOf(response);
  if (!outcome) {
    if (thrown) throw response;
    return response;
  }
  await finishOfflineChange(ctx, key.data, outcome);
  if (outcome.state === "refused") return own(answerOf(outcome));
  if (thrown) throw response;
  return response;
}
