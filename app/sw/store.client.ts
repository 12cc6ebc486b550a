// The phone's kept changes in IndexedDB (idb), read by the page's waiting list and written by the
// service worker. Browser only: the page calls these from effects, never while rendering.
import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import { byReplayOrder, DB_NAME, STORE, type QueuedChange } from "~/sw/queue";

interface OfflineDb extends DBSchema {
  [STORE]: { key: string; value: QueuedChange };
}

let opened: Promise<IDBPDatabase<OfflineDb>> | null = null;

function database() {
  opened ??= openDB<OfflineDb>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore(STORE, { keyPath: "key" });
    },
  });
  return opened;
}

/** Every kept change, in replay order. */
export async function keptChanges(): Promise<QueuedChange[]> {
  return (await (await database()).getAll(STORE)).sort(byReplayOrder);
}

export async function keepChange(change: QueuedChange): Promise<void> {
  await (await database()).put(STORE, change);
}

export async function dropChange(key: string): Promise<void> {
  await (await database()).delete(STORE, key);
}
