import { PGlite } from "@electric-sql/pglite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { preparedStatements } from "~/db/pglite-statements.server";

// The embedded database's query path (ADR 076): the same answers as PGlite's own query(), one
// prepared statement per text, and nothing left broken by an error or a changed table.
describe("the embedded database's prepared statements", () => {
  let client: PGlite;
  const statementNames = async () =>
    (await client.exec("select name from pg_prepared_statements order by name"))[0].rows.map((r) => r.name);

  beforeEach(async () => {
    client = await PGlite.create();
    await client.exec(`create table t (id serial primary key, name text not null unique, data jsonb, at timestamptz)`);
  });
  afterEach(() => client.close());

  it("answers what PGlite's own query() answers, parameters and types included", async () => {
    const text =
      "select $1::jsonb as j, $2::timestamptz as t, $3::int[] as a, $4::bool as b, $5::text as n, $6::bigint as big";
    const params = [{ a: [1, "x"] }, new Date("2026-11-25T10:00:00Z"), [1, 2, 3], false, null, 9007199254740993n];
    const before = await client.query(text, params);
    const beforeArrays = await client.query(text, params, { rowMode: "array" });
    preparedStatements(client);
    expect(await client.query(text, params)).toEqual(before);
    expect(await client.query(text, params, { rowMode: "array" })).toEqual(beforeArrays);
    expect(await statementNames()).toHaveLength(1);
  });

  it("applies a query's own parsers as PGlite does, each kind of them, the built-in ones otherwise", async () => {
    const text = "select $1::timestamptz as t, $2::int as i";
    const params = [new Date("2026-11-25T10:00:00Z"), 7];
    // As drizzle passes them: new functions with every query, timestamps kept as text.
    const asText = () => ({ parsers: { 1184: (value: string) => value } });
    const asYear = () => ({ parsers: { 1184: (value: string) => Number(value.slice(0, 4)) } });
    const expected = [asText(), asYear(), undefined, asText()].map((o) => client.query(text, params, o));
    const before = await Promise.all(expected);
    preparedStatements(client);
    const after = [];
    for (const o of [asText(), asYear(), undefined, asText()]) after.push(await client.query(text, params, o));
    expect(after).toEqual(before);
    expect(after.map((r) => (r.rows[0] as { t: unknown }).t)).toEqual([
      "2026-11-25 10:00:00+00",
      2026,
      new Date("2026-11-25T10:00:00Z"),
      "2026-11-25 10:00:00+00",
    ]);
  });

  it("counts the rows a write changed and keeps one statement per text", async () => {
    preparedStatements(client);
    for (const name of ["a", "b", "c"]) {
      const inserted = await client.query("insert into t (name, data) values ($1, $2) returning id", [name, { name }]);
      expect(inserted.affectedRows).toBe(1);
    }
    const updated = await client.query("update t set at = $1 where name <> $2", [new Date(0), "a"]);
    expect(updated.affectedRows).toBe(2);
    expect((await client.query<{ name: string }>("select name from t order by id")).rows.map((r) => r.name)).toEqual([
      "a",
      "b",
      "c",
    ]);
    expect(await statementNames()).toHaveLength(3);
  });

  it("throws PostgreSQL's error with its code, and the next query works", async () => {
    preparedStatements(client);
    await client.query("insert into t (name) values ($1)", ["same"]);
    const error = await client.query("insert into t (name) values ($1)", ["same"]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "23505", query: "insert into t (name) values ($1)" });
    await expect(client.query("select nonsense from t")).rejects.toMatchObject({ code: "42703" });
    expect((await client.query("select count(*)::int as n from t where name = $1", ["same"])).rows).toEqual([{ n: 1 }]);
  });

  it("prepares again once a table changed under a kept statement", async () => {
    preparedStatements(client);
    await client.query("insert into t (name) values ($1)", ["x"]);
    expect(Object.keys((await client.query("select * from t")).rows[0] as object)).toHaveLength(4);
    await client.exec("alter table t add column extra int default 7");
    expect((await client.query("select * from t")).rows[0]).toMatchObject({ name: "x", extra: 7 });
  });

  it("closes the least recently used statement beyond its limit", async () => {
    preparedStatements(client, 2);
    await client.query("select 1 as one");
    await client.query("select 2 as two");
    await client.query("select 1 as one"); // used again: "two" is now the oldest
    await client.query("select 3 as three");
    await client.query("select 4 as four"); // closes "two" on its way
    expect(await statementNames()).toEqual(["fw_1", "fw_3", "fw_4"].sort());
    expect((await client.query("select 2 as two")).rows).toEqual([{ two: 2 }]);
  });

  it("waits for a transaction, as PGlite's query() does", async () => {
    preparedStatements(client);
    const order: string[] = [];
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query("insert into t (name) values ($1)", ["in-tx"]);
      inside();
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push("commit");
    });
    await started;
    const outside = client.query("select count(*)::int as n from t").then((r) => {
      order.push("outside");
      return r.rows;
    });
    await Promise.all([transaction, outside]);
    expect(order).toEqual(["commit", "outside"]);
    expect(await outside).toEqual([{ n: 1 }]);
  });
  it("runs a transaction's queries as statements too, and rolls back on an error", async () => {
    preparedStatements(client);
    await client.transaction(async (tx) => {
      await tx.query("insert into t (name) values ($1)", ["kept"]);
      await tx.query("insert into t (name) values ($1)", ["kept too"]);
    });
    const failed = await client
      .transaction(async (tx) => {
        await tx.query("insert into t (name) values ($1)", ["rolled back"]);
        await tx.query("insert into t (name) values ($1)", ["kept"]);
      })
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ code: "23505" });
    expect((await client.query<{ name: string }>("select name from t order by id")).rows.map((r) => r.name)).toEqual([
      "kept",
      "kept too",
    ]);
    expect(await statementNames()).toHaveLength(2);
  });
});
