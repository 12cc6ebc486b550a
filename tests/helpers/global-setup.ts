import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated PGlite snapshot of this run, or the template database's name with TEST_DATABASE_URL. */
    testDatabase: { snapshot: string } | { template: string };
  }
}

const migrationsFolder = path.resolve("app/db/migrations");

async function onAdmin(url: string, statements: string[]) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * Migrates once per run: a PGlite data-dir snapshot that each test file loads, or, with
 * TEST_DATABASE_URL, a template database each test file copies. Both are named after the run's
 * process, so several runs at once (several people, one machine) do not overwrite each other's.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `fieldwise_test_template_${process.pid}`;
    await onAdmin(url, [`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`, `CREATE DATABASE ${template}`]);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${template}`;
    const pool = new pg.Pool({ connectionString: templateUrl.toString() });
    await migratePg(drizzlePg({ client: pool }), { migrationsFolder });
    await pool.end();
    project.provide("testDatabase", { template });
    return () => onAdmin(url, [`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`]);
  }
  const snapshot = path.resolve(`.cache/pglite-migrated-${process.pid}.tar.gz`);
  const client = await PGlite.create();
  await migrate(drizzle({ client }), { migrationsFolder });
  const dump = await client.dumpDataDir("gzip");
  mkdirSync(path.dirname(snapshot), { recursive: true });
  writeFileSync(snapshot, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide("testDatabase", { snapshot });
  return () => rmSync(snapshot, { force: true });
}
