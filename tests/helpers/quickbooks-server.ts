import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { closeNow, freePort, listenLocally } from "./free-port";

/** The app's client at Intuit, as the tests configure it. */
export const TEST_QUICKBOOKS = { clientId: "fieldwise-test-client", clientSecret: "fieldwise-test-secret" };

type Obj = Record<string, any>;
type Entity = "Customer" | "Invoice" | "Payment" | "Item" | "Account";

export type QuickBooksServer = {
  /** QUICKBOOKS_API_URL: the API at /v3, the token endpoint at /oauth2/v1/tokens/bearer, consent at /connect/oauth2. */
  url: string;
  /** Every request: method, path, query, JSON or form body. */
  requests: Array<{ method: string; path: string; query: Obj; body: Obj; authorization: string | null }>;
  /** What QBO holds, by entity and Id (a test may add records, as if entered in QuickBooks). */
  records: Record<Entity, Map<string, Obj>>;
  /** Access tokens the API accepts; refresh tokens the token endpoint accepts. */
  accessTokens: Set<string>;
  refreshTokens: Set<string>;
  companyName: string;
  /** Answers a write with a ValidationFault when it returns a message (e.g. for one DocNumber). */
  failWrite: ((entity: Entity, body: Obj) => string | null) | null;
  /** Adds a record as QuickBooks would (Id, SyncToken "0"). */
  add: (entity: Entity, fields: Obj) => Obj;
  /** The invoice was paid in QuickBooks: a Payment for its balance, linked both ways. */
  payInvoice: (invoiceId: string) => Obj;
  /** Creates (POST without Id) made of one entity. */
  creates: (entity: Entity) => number;
  close: () => Promise<void>;
};

const fault = (
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  detail: string,
  type = "ValidationFault",
) =>
  send(res, status, {
    Fault: { Error: [{ Message: message, Detail: detail, code, element: "" }], type },
    time: new Date().toISOString(),
  });

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const cents = (amount: unknown) => Math.round(Number(amount) * 100);

/** QBO's computed invoice total: sales lines minus discount lines. */
function invoiceTotal(lines: Obj[]): number {
  let total = 0;
  for (const line of lines ?? []) {
    if (line.DetailType === "SalesItemLineDetail") total += cents(line.Amount);
    if (line.DetailType === "DiscountLineDetail") total -= cents(line.Amount);
  }
  return total;
}

/** The few query shapes the app sends: `where F = 'v'`, `where Id in ('1', '2')`, `maxresults n`. */
function runQuery(records: QuickBooksServer["records"], statement: string): { entity: string; rows: Obj[] } | null {
  const match = /^select \* from (\w+)(?: where (.+?))?(?: maxresults (\d+))?$/i.exec(statement.trim());
  if (!match) return null;
  const entity = match[1] as Entity;
  let rows = [...(records[entity]?.values() ?? [])];
  const where = match[2];
  if (where) {
    const unquote = (s: string) => s.trim().replace(/^'|'$/g, "").replace(/\\'/g, "'").replace(/\\\\/g, "\\");
    const eq = /^(\w+) = ('(?:[^'\\]|\\.)*')$/.exec(where.trim());
    const inList = /^(\w+) in \((.+)\)$/i.exec(where.trim());
    if (eq) rows = rows.filter((r) => String(r[eq[1]]) === unquote(eq[2]));
    else if (inList) {
      const values = inList[2].split(",").map(unquote);
      rows = rows.filter((r) => values.includes(String(r[inList[1]])));
    } else return null;
  }
  if (match[3]) rows = rows.slice(0, Number(match[3]));
  return { entity, rows };
}

export async function startQuickBooksServer(): Promise<QuickBooksServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let nextId = 1;
  const byRequestId = new Map<string, Obj>();
  const server: QuickBooksServer = {
    url,
    requests: [],
    records: { Customer: new Map(), Invoice: new Map(), Payment: new Map(), Item: new Map(), Account: new Map() },
    accessTokens: new Set(),
    refreshTokens: new Set(),
    companyName: "Sandbox Company_US_1",
    failWrite: null,
    add(entity, fields) {
      const record: Obj = { ...fields, Id: String(nextId++), SyncToken: "0" };
      if (entity === "Invoice") {
        record.TotalAmt = invoiceTotal(record.Line) / 100;
        record.Balance = record.TotalAmt;
      }
      server.records[entity].set(record.Id, record);
      return record;
    },
    payInvoice(invoiceId) {
      const invoice = server.records.Invoice.get(invoiceId)!;
      const payment = server.add("Payment", {
        CustomerRef: invoice.CustomerRef,
        TotalAmt: invoice.Balance,
        Line: [{ Amount: invoice.Balance, LinkedTxn: [{ TxnId: invoiceId, TxnType: "Invoice" }] }],
      });
      invoice.Balance = 0;
      invoice.LinkedTxn = [...(invoice.LinkedTxn ?? []), { TxnId: payment.Id, TxnType: "Payment" }];
      invoice.SyncToken = String(Number(invoice.SyncToken) + 1);
      return payment;
    },
    creates: (entity) =>
      server.requests.filter(
        (r) => r.method === "POST" && r.path.endsWith(`/${entity.toLowerCase()}`) && r.body.Id === undefined,
      ).length,
    close: () => closeNow(http),
  };
  server.add("Account", { Name: "Services", AccountType: "Income" });

  const issueTokens = () => {
    const access = `access-${randomBytes(8).toString("hex")}`;
    const refresh = `refresh-${randomBytes(8).toString("hex")}`;
    server.accessTokens.add(access);
    server.refreshTokens.add(refresh);
    return {
      access_token: access,
      refresh_token: refresh,
      token_type: "bearer",
      expires_in: 3600,
      x_refresh_token_expires_in: 8726400,
    };
  };

  function write(entity: Entity, body: Obj, query: Obj, res: ServerResponse) {
    const refusal = server.failWrite?.(entity, body);
    if (refusal)
      return fault(res, 400, "6000", "A business validation error has occurred while processing your request", refusal);
    if (body.Id !== undefined) {
      const current = server.records[entity].get(String(body.Id));
      if (!current)
        return fault(
          res,
          400,
          "610",
          "Object Not Found",
          "Object Not Found : Something you're trying to use has been made inactive.",
        );
      if (String(body.SyncToken) !== current.SyncToken)
        return fault(
          res,
          400,
          "5010",
          "Stale Object Error",
          "Stale Object Error : You and another user were working on the same thing.",
        );
      const { sparse: _sparse, ...fields } = body;
      Object.assign(current, fields, { SyncToken: String(Number(current.SyncToken) + 1) });
      if (entity === "Invoice" && fields.Line) {
        const paid = current.TotalAmt - current.Balance;
        current.TotalAmt = invoiceTotal(current.Line) / 100;
        current.Balance = Math.round((current.TotalAmt - paid) * 100) / 100;
      }
      return send(res, 200, { [entity]: current, time: new Date().toISOString() });
    }
    if (query.requestid && byRequestId.has(query.requestid))
      return send(res, 200, { [entity]: byRequestId.get(query.requestid), time: new Date().toISOString() });
    if (entity === "Customer" || entity === "Item") {
      const nameField = entity === "Customer" ? "DisplayName" : "Name";
      const taken = [...server.records[entity].values()].some((r) => r[nameField] === body[nameField]);
      if (taken)
        return fault(
          res,
          400,
          "6240",
          "Duplicate Name Exists Error",
          "The name supplied already exists. : Another customer, vendor or employee is already using this name. Please use a different name.",
        );
    }
    const record = server.add(entity, body);
    if (entity === "Payment")
      for (const line of body.Line ?? [])
        for (const linked of line.LinkedTxn ?? []) {
          const invoice = server.records.Invoice.get(String(linked.TxnId));
          if (invoice) invoice.Balance = Math.round((invoice.Balance - Number(line.Amount)) * 100) / 100;
        }
    if (query.requestid) byRequestId.set(query.requestid, record);
    send(res, 200, { [entity]: record, time: new Date().toISOString() });
  }

  const http = createServer(async (req, res) => {
    const parsed = new URL(req.url ?? "/", url);
    const raw = await readBody(req);
    const isForm = (req.headers["content-type"] ?? "").includes("x-www-form-urlencoded");
    const body: Obj = raw ? (isForm ? Object.fromEntries(new URLSearchParams(raw)) : JSON.parse(raw)) : {};
    const query = Object.fromEntries(parsed.searchParams);
    server.requests.push({
      method: req.method ?? "GET",
      path: parsed.pathname,
      query,
      body,
      authorization: req.headers.authorization ?? null,
    });

    if (parsed.pathname === "/oauth2/v1/tokens/bearer" && req.method === "POST") {
      const basic = `Basic ${Buffer.from(`${TEST_QUICKBOOKS.clientId}:${TEST_QUICKBOOKS.clientSecret}`).toString("base64")}`;
      if (req.headers.authorization !== basic) return send(res, 401, { error: "invalid_client" });
      if (body.grant_type === "authorization_code" && String(body.code).startsWith("code-"))
        return send(res, 200, issueTokens());
      if (body.grant_type === "refresh_token" && server.refreshTokens.delete(body.refresh_token))
        return send(res, 200, issueTokens());
      return send(res, 400, { error: "invalid_grant" });
    }

    const api = /^\/v3\/company\/([^/]+)\/(.+)$/.exec(parsed.pathname);
    if (!api) return send(res, 404, {});
    const token = (req.headers.authorization ?? "").replace(/^Bearer /, "");
    if (!server.accessTokens.has(token))
      return fault(res, 401, "3200", "message=AuthenticationFailed", "Token expired", "AUTHENTICATION");
    const [, realm, rest] = api;
    if (rest === `companyinfo/${realm}`)
      return send(res, 200, {
        CompanyInfo: { Id: "1", CompanyName: server.companyName },
        time: new Date().toISOString(),
      });
    if (rest === "query" && req.method === "GET") {
      const result = runQuery(server.records, query.query ?? "");
      if (!result) return fault(res, 400, "4000", "Error parsing query", `QueryParserError: ${query.query}`);
      return send(res, 200, {
        QueryResponse: result.rows.length
          ? { [result.entity]: result.rows, startPosition: 1, maxResults: result.rows.length }
          : {},
        time: new Date().toISOString(),
      });
    }
    const entity = { customer: "Customer", invoice: "Invoice", payment: "Payment", item: "Item" }[rest] as
      Entity | undefined;
    if (entity && req.method === "POST") return write(entity, body, query, res);
    send(res, 404, {});
  });
  await listenLocally(http, port);
  return server;
}
