import { env, type Env } from "~/server/env.server";

/**
 * The app's public address: APP_URL (required in production), or in development the server's own
 * address. Links in messages are built from it, never from a request's Host or X-Forwarded-Host,
 * which a client chooses.
 */
export function appUrl(config: Pick<Env, "APP_URL" | "PORT"> = env()): string {
  return config.APP_URL ?? `http://localhost:${config.PORT}`;
}

/** An absolute link to a path of the app, e.g. absoluteUrl("/reset?token=...") for an email. */
export function absoluteUrl(path: string, config: Pick<Env, "APP_URL" | "PORT"> = env()): string {
  return `${appUrl(config)}${path.startsWith("/") ? path : `/${path}`}`;
}
