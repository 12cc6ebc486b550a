// The headers the service worker (app/sw/sw.ts) sends and the server reads (docs/decisions/075).

/** A change the phone kept while offline, sent again: the server applies a key once. */
export const OFFLINE_CHANGE_HEADER = "Offline-Change-Key";

/**
 * A copy of a page the worker keeps in the background. Its answer must never set a cookie: it was
 * asked with the cookies of that moment, and a session changed since (signed out, back from a shadow
 * log-in) or a toast the next page shows would be lost to it (app/http/response-policy.server.ts).
 */
export const OFFLINE_KEEP_HEADER = "Offline-Keep";
