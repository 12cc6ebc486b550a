import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "~/db/schema";
import { preparedStatements } from "~/db/pglite-statements.server";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A model function accepts either the database or an open transaction. */
export type Executor = Database | Transaction;

type Connection = { driver: "pglite"; client: PGlite; db: Database } | { driver: "pg"; client: pg.Pool; db: Database };

let connection: Connection | undefined;

/** The live database; set once by openDatabase at start-up. */
export let db: Database = new Proxy({} as Database, {
  get() {
    throw new Error("The database is not open yet: call openDatabase() at start-up");
  },
});

export function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export const migrationsFolder = () => path.join(projectRoot(), "app/db/migrations");

export type OpenOptions = {
  databaseUrl?: string;
  dataDir?: string;
  pglite?: PGlite;
  migrate?: boolean;
  poolSize?: number;
};

/** Opens PostgreSQL when a URL is given, else the embedded database in dataDir (memory when none). */
export async function openDatabase(options: OpenOptions): Promise<Connection> {
  if (connection) return connection;
  if (options.databaseUrl) {
    const client = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 20 });
    // An idle connection the server drops (restart, failover, shutdown) must not crash the process:
    // the pool replaces it on the next query.
    client.on("error", (error) => {
      if (connection?.client === client) console.error(`Database connection lost: ${error.message}`);
    });
    const database = drizzleNodePg({ client, schema }) as unknown as Database;
    if (options.migrate !== false) await migrateNodePg(database as never, { migrationsFolder: migrationsFolder() });
    connection = { driver: "pg", client, db: database };
  } else {
    let client = options.pglite;
    if (!client) {
      const dataDir = options.dataDir ? path.resolve(options.dataDir, "pglite") : undefined;
      if (dataDir) mkdirSync(dataDir, { recursive: true });
      client = await PGlite.create(dataDir ? { dataDir } : {});
    }
    // The embedded database's files are local and mostly cached: a random page read costs about
    // what a sequential one does (the default 4 made the week view hash-join 100,000 customers).
    await client.exec("SET random_page_cost = 1.1");
    preparedStatements(client);
    const database = drizzlePglite({ client, schema }) as unknown as Database;
    if (options.migrate !== false) await migratePglite(database as never, { migrationsFolder: migrationsFolder() });
    connection = { driver: "pglite", client, db: database };
  }
  db = connection.db;
  return connection;
}

export function currentConnection(): Connection {
  if (!connection) throw new Error("The database is not open");
  return connection;
}

export async function closeDatabase(): Promise<void> {
  const open = connection;
  connection = undefined;
  if (!open) return;
  if (open.driver === "pg") await open.client.end();
  else await open.client.close();
}

/** Raw SQL with parameters on whichever driver is open (used by the queue and the rate limiter). */
export async function executeSql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const open = currentConnection();
  if (open.driver === "pg") return (await open.client.query(text, values)).rows as T[];
  if (values.length === 0 && text.includes(";")) {
    const results = await open.client.exec(text);
    return (results.at(-1)?.rows ?? []) as T[];
  }
  return (await open.client.query<T>(text, values)).rows;
}
