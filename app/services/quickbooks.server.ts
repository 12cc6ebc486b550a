import { env, type Env } from "~/server/env.server";

/**
 * QuickBooks Online over its REST API (Accounting API v3) with plain fetch: Intuit's OAuth 2.0
 * authorization code flow and the few entities the accounting sync writes. Without a client id and
 * secret accounting sync is off (the integrations page says so).
 */
export type QuickBooksSettings = {
  clientId: string;
  clientSecret: string;
  apiUrl: string;
  authUrl: string;
  tokenUrl: string;
};

export const QUICKBOOKS_SCOPE = "com.intuit.quickbooks.accounting";
/** The API's minor version: the shapes below are those of version 65 and later. */
const MINOR_VERSION = "65";

type QuickBooksEnv = Pick<
  Env,
  | "QUICKBOOKS_CLIENT_ID"
  | "QUICKBOOKS_CLIENT_SECRET"
  | "QUICKBOOKS_API_URL"
  | "QUICKBOOKS_AUTH_URL"
  | "QUICKBOOKS_TOKEN_URL"
>;

export function quickBooksSettings(config: QuickBooksEnv = env()): QuickBooksSettings | null {
  if (!config.QUICKBOOKS_CLIENT_ID || !config.QUICKBOOKS_CLIENT_SECRET) return null;
  return {
    clientId: config.QUICKBOOKS_CLIENT_ID,
    clientSecret: config.QUICKBOOKS_CLIENT_SECRET,
    apiUrl: config.QUICKBOOKS_API_URL ?? "https://quickbooks.api.intuit.com",
    authUrl: config.QUICKBOOKS_AUTH_URL ?? "https://appcenter.intuit.com/connect/oauth2",
    tokenUrl: config.QUICKBOOKS_TOKEN_URL ?? "https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer",
  };
}

/** QuickBooks answered with a Fault (or not at all): its first error's code and message, for the sync log. */
export class QuickBooksError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly status: number,
  ) {
    super(message);
    this.name = "QuickBooksError";
  }
}

/** QBO's error code for a display name another customer (or vendor, employee) already has. */
export const DUPLICATE_NAME = "6240";

export type TokenSet = { accessToken: string; refreshToken: string; accessTokenExpiresAt: Date };

/** Where the Connect button sends the company admin: Intuit's consent screen. */
export function authorizeUrl(settings: QuickBooksSettings, redirectUri: string, state: string): string {
  const url = new URL(settings.authUrl);
  url.searchParams.set("client_id", settings.clientId);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", QUICKBOOKS_SCOPE);
  url.searchParams.set("redirect_uri", redirectUri);
  url.searchParams.set("state", state);
  return url.toString();
}

async function tokenRequest(settings: QuickBooksSettings, form: Record<string, string>, now: Date): Promise<TokenSet> {
  const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString("base64");
  const res = await fetch(settings.tokenUrl, {
    method: "POST",
    headers: {
      Authorization: `Basic ${basic}`,
      Accept: "application/json",
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(20_000),
  });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok || typeof body.access_token !== "string" || typeof body.refresh_token !== "string")
    throw new QuickBooksError(
      `Intuit refused the authorization (${String(body.error ?? res.status)})`,
      typeof body.error === "string" ? body.error : null,
      res.status,
    );
  const expiresIn = Number(body.expires_in ?? 3600);
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    accessTokenExpiresAt: new Date(now.getTime() + expiresIn * 1000),
  };
}

export const exchangeCode = (settings: QuickBooksSettings, code: string, redirectUri: string, now = new Date()) =>
  tokenRequest(settings, { grant_type: "authorization_code", code, redirect_uri: redirectUri }, now);

export const refreshTokens = (settings: QuickBooksSettings, refreshToken: string, now = new Date()) =>
  tokenRequest(settings, { grant_type: "refresh_token", refresh_token: refreshToken }, now);

type QboFault = { Error?: Array<{ Message?: string; Detail?: string; code?: string | number }> };
/** QBO's JSON answer: the entity under its name, QueryResponse, CompanyInfo, or a Fault. */
type QboAnswer = {
  Fault?: QboFault;
  fault?: { error?: QboFault["Error"] };
  QueryResponse?: Record<string, QboRecord[] | undefined>;
  CompanyInfo?: { CompanyName?: string };
  [entity: string]: unknown;
};

export type QboRecord = { Id: string; SyncToken: string; [field: string]: unknown };

/** One connected company's API: every call sends its bearer token and reads QBO's JSON or Fault. */
export class QuickBooksApi {
  constructor(
    private readonly settings: QuickBooksSettings,
    private readonly realmId: string,
    private readonly accessToken: string,
  ) {}

  private async call(method: "GET" | "POST", path: string, query: Record<string, string>, body?: unknown) {
    const url = new URL(`${this.settings.apiUrl}/v3/company/${encodeURIComponent(this.realmId)}/${path}`);
    for (const [key, value] of Object.entries({ ...query, minorversion: MINOR_VERSION }))
      url.searchParams.set(key, value);
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: {
          Authorization: `Bearer ${this.accessToken}`,
          Accept: "application/json",
          ...(body ? { "Content-Type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(30_000),
      });
    } catch {
      throw new QuickBooksError("QuickBooks could not be reached", null, 0);
    }
    const json = (await res.json().catch(() => null)) as QboAnswer | null;
    if (!res.ok || json?.Fault || json?.fault) {
      const error = json?.Fault?.Error?.[0] ?? json?.fault?.error?.[0];
      const message = error
        ? [error.Message, error.Detail].filter(Boolean).join(": ")
        : `QuickBooks answered ${res.status}`;
      throw new QuickBooksError(message, error?.code != null ? String(error.code) : null, res.status);
    }
    return json ?? {};
  }

  /**
   * Creates an entity; `requestId` is QBO's idempotency key, so a create retried after a lost
   * answer is not made twice.
   */
  async create(entity: string, fields: Record<string, unknown>, requestId: string): Promise<QboRecord> {
    const answer = await this.call("POST", entity.toLowerCase(), { requestid: requestId }, fields);
    return answer[entity] as QboRecord;
  }

  /** A sparse update: only the fields sent change (a Line array sent replaces every line). */
  async update(entity: string, id: string, syncToken: string, fields: Record<string, unknown>): Promise<QboRecord> {
    const answer = await this.call(
      "POST",
      entity.toLowerCase(),
      {},
      { ...fields, Id: id, SyncToken: syncToken, sparse: true },
    );
    return answer[entity] as QboRecord;
  }

  /** A QBO query ("select * from Customer where DisplayName = 'x'"): the entity's rows, or none. */
  async query(entity: string, statement: string): Promise<QboRecord[]> {
    const answer = await this.call("GET", "query", { query: statement });
    return answer.QueryResponse?.[entity] ?? [];
  }

  async companyName(): Promise<string | null> {
    const answer = await this.call("GET", `companyinfo/${encodeURIComponent(this.realmId)}`, {});
    return answer.CompanyInfo?.CompanyName ?? null;
  }
}

/** A string literal of QBO's query language: single quotes escaped with a backslash. */
export const qboString = (value: string) => `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

/** Integer cents as QBO's decimal dollars, exactly (12345 → 123.45). */
export const dollars = (cents: number) => Math.round(cents) / 100;
