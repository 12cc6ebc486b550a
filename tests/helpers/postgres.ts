import pg from "pg";

/**
 * One statement on a connection of its own to the PostgreSQL at `url` (an admin URL for CREATE or
 * DROP DATABASE, or a database's): answers its rows. `timeoutMs` bounds the connecting (default none).
 */
export async function sqlOnce<T = Record<string, unknown>>(
  url: string,
  text: string,
  values: unknown[] = [],
  { timeoutMs = 0 }: { timeoutMs?: number } = {},
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The URL of the database `name` on the server of `adminUrl` (its credentials, host and port). */
export function databaseUrlOn(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
