import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";

export const SNAPSHOT = path.resolve(".cache/pglite-migrated.tar.gz");
const migrationsFolder = path.resolve("app/db/migrations");

/**
 * Migrates once per run: a PGlite data-dir snapshot that each test file loads, or, with
 * TEST_DATABASE_URL, a template database each test file copies.
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query("DROP DATABASE IF EXISTS fieldwise_test_template WITH (FORCE)");
    await admin.query("CREATE DATABASE fieldwise_test_template");
    await admin.end();
    const templateUrl = new URL(url);
    templateUrl.pathname = "/fieldwise_test_template";
    const pool = new pg.Pool({ connectionString: templateUrl.toString() });
    await migratePg(drizzlePg({ client: pool }), { migrationsFolder });
    await pool.end();
    return;
  }
  const client = await PGlite.create();
  await migrate(drizzle({ client }), { migrationsFolder });
  const dump = await client.dumpDataDir("gzip");
  mkdirSync(path.dirname(SNAPSHOT), { recursive: true });
  writeFileSync(SNAPSHOT, Buffer.from(await dump.arrayBuffer()));
  await client.close();
}
