import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from "@electric-sql/pglite";

/*
 * The embedded database's queries as named prepared statements (docs/decisions/076).
 *
 * PGlite's own query() sends each query as six protocol calls into the WebAssembly database
 * (parse, describe, bind, describe, execute, sync), and PostgreSQL parses and plans it afresh each
 * time: about 0.6 ms of every query, and a page makes six or more. Here a query text is parsed once
 * under a name (with its parameter types and row description kept), and then every run is one call:
 * bind, execute, sync. PostgreSQL keeps the plan of a prepared statement (a generic plan once it is
 * no dearer than the custom ones) and replans it by itself when a table it reads changes.
 *
 * The client's query() and its transactions' query() are replaced; exec() and COPY keep PGlite's
 * path. The pinned PGlite version (package.json) is the one this was written against:
 * protocol.serialize, parse.parseResults and execProtocolStream are its API.
 */

type BackendMessage = Awaited<ReturnType<PGlite["execProtocolStream"]>>[number];
type Statement = { name: string; paramTypes: number[]; rowDescription: BackendMessage | undefined };

/** How many query texts keep a prepared statement; the least recently used one is closed beyond it. */
const MAX_STATEMENTS = 2000;

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** PostgreSQL refuses a kept plan whose result columns changed (a table altered under it). */
const isStalePlan = (error: unknown) =>
  (error as { code?: string }).code === "0A000" &&
  /cached plan must not change result type/.test((error as Error).message);

const prepared = new WeakSet<PGlite>();

/** Replaces client.query with the prepared-statement path (once per client); returns the client. */
export function preparedStatements(client: PGlite, maxStatements = MAX_STATEMENTS): PGlite {
  if (prepared.has(client)) return client;
  prepared.add(client);
  const original = client.query.bind(client);
  const statements = new Map<string, Statement>();
  const toClose: string[] = [];
  let counter = 0;

  async function prepare(text: string): Promise<Statement> {
    const name = `fw_${++counter}`;
    const messages = await client.execProtocolStream(
      concat([
        ...toClose.splice(0).map((closing) => serialize.close({ type: "S", name: closing })),
        serialize.parse({ name, text }),
        serialize.describe({ type: "S", name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((m) => m.name === "rowDescription"),
    };
    statements.set(text, statement);
    if (statements.size > maxStatements) {
      const [oldest, { name: closing }] = statements.entries().next().value as [string, Statement];
      statements.delete(oldest);
      toClose.push(closing);
    }
    return statement;
  }

  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    let statement = statements.get(text);
    if (statement) {
      // Most recently used last: the map's first entry is the one to close.
      statements.delete(text);
      statements.set(text, statement);
    } else statement = await prepare(text);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i];
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await client.execProtocolStream(
      concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]),
      { syncToFs: false },
    );
    const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    return parse.parseResults(described, parsersFor(options), { ...options, parsers: undefined })[0] as Results<T>;
  }

  // PGlite merges a query's own parsers into its 438 built-in ones on every query (110 µs); drizzle
  // passes the same few (timestamps and dates as text) with each query: merged once per kind here.
  const merged = new Map<string, PGlite["parsers"]>();
  function parsersFor(options: QueryOptions | undefined): PGlite["parsers"] {
    const own = options?.parsers;
    if (!own) return client.parsers;
    const key = Object.entries(own)
      .map(([type, parser]) => `${type}:${String(parser)}`)
      .join("|");
    let parsers = merged.get(key);
    if (!parsers) merged.set(key, (parsers = { ...client.parsers, ...own }));
    return parsers;
  }

  /** Runs a query; a stale plan is prepared again, or only forgotten inside a transaction (it is aborted by then). */
  async function attempt<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    try {
      return await run<T>(text, params, options);
    } catch (error) {
      if (isStalePlan(error)) {
        toClose.push(statements.get(text)!.name);
        statements.delete(text);
        if (!inTransaction) return run<T>(text, params, options);
      }
      throw Object.assign(error as Error, { query: text, params, queryOptions: options });
    }
  }

  // COPY moves a blob through PGlite's own bookkeeping: leave it to PGlite.
  const ownPath = (text: string, options?: QueryOptions) => !!options?.blob || /^\s*copy\b/i.test(text);

  client.query = async function query<T>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    if (ownPath(text, options)) return original<T>(text, params, options);
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const result = await attempt<T>(text, params, options, false);
        await client.syncToFs();
        return result;
      }),
    );
  } as PGlite["query"];

  // Inside a transaction PGlite holds the transaction lock already: its queries take the query lock only.
  const originalTransaction = client.transaction.bind(client);
  client.transaction = function transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return originalTransaction((tx) => {
      const query = async <R>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<R>> => {
        if (tx.closed) throw new Error("Transaction is closed");
        if (ownPath(text, options)) return tx.query<R>(text, params, options);
        return client._runExclusiveQuery(() => attempt<R>(text, params, options, true));
      };
      return callback(new Proxy(tx, { get: (target, key) => (key === "query" ? query : Reflect.get(target, key)) }));
    });
  } as PGlite["transaction"];
  return client;
}
