import { currentConnection } from "~/db.server";

/**
 * Access of recent sessions kept in memory, only on the embedded database: PGlite's data folder
 * belongs to one process, so every write that changes access happens here and calls
 * accessChanged(). PostgreSQL deployments may run many processes and always ask the database.
 * The time limit also catches what changes with the clock alone (a trial or a session running out).
 * The idle timeout holds too: a session is remembered only right after a lookup that found it used
 * within the last minute (sessions.server SEEN_EVERY_MS), and the timeout is hours at least
 * (SESSION_IDLE_DAYS >= 0.1), so no remembered answer outlives it.
 */
const REMEMBER_MS = 5_000;
const MAX_SESSIONS = 10_000;
const remembered = new Map<string, { value: unknown; at: number }>();
let generation = 0;

export async function rememberAccess<T>(sessionId: string, load: () => Promise<T>): Promise<T> {
  if (currentConnection().driver !== "pglite") return load();
  const hit = remembered.get(sessionId);
  if (hit && Date.now() - hit.at < REMEMBER_MS) return hit.value as T;
  const startedIn = generation;
  const value = await load();
  // A change during the lookup may have been read half: keep the answer for this request only.
  if (startedIn === generation) {
    if (remembered.size >= MAX_SESSIONS) remembered.delete(remembered.keys().next().value!);
    remembered.set(sessionId, { value: deepFreeze(value), at: Date.now() });
  }
  return value;
}

/** Called by every write to sessions, users, companies, subscriptions or plans. */
export function accessChanged() {
  generation++;
  remembered.clear();
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
