import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { closeDatabase, db, openDatabase } from "~/db.server";
import { seedPlans } from "~/models/admin/plans.server";

let dropUrl: { admin: string; name: string } | undefined;

/** Opens a fresh, migrated database for this test file (PGlite, or PostgreSQL with TEST_DATABASE_URL). */
export async function openTestDatabase() {
  const url = process.env.TEST_DATABASE_URL;
  const prepared = inject("testDatabase");
  if (url && "template" in prepared) {
    const name = `fieldwise_test_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${prepared.template}`);
    await admin.end();
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    dropUrl = { admin: url, name };
    await openDatabase({ databaseUrl: dbUrl.toString(), migrate: false, poolSize: 5 });
  } else if ("snapshot" in prepared) {
    const snapshot = readFileSync(prepared.snapshot);
    const pglite = await PGlite.create({ loadDataDir: new Blob([snapshot]) });
    await openDatabase({ pglite, migrate: false });
  } else throw new Error("TEST_DATABASE_URL was set after the global setup ran");
  await seedPlans(db);
}

export async function closeTestDatabase() {
  await closeDatabase();
  if (dropUrl) {
    const admin = new pg.Client({ connectionString: dropUrl.admin });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dropUrl.name} WITH (FORCE)`);
    await admin.end();
    dropUrl = undefined;
  }
}

/** Registers beforeAll/afterAll hooks: one fresh database per test file. */
export function useTestDatabase() {
  beforeAll(openTestDatabase);
  afterAll(closeTestDatabase);
}
