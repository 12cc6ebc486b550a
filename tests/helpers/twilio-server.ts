import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import twilio from "twilio";
import { closeNow, freePort, listenLocally } from "./free-port";
import { useStarted } from "./lifecycle";

/** A test account: an SID in Twilio's shape and an auth token (the webhooks are signed with it). */
export const TEST_TWILIO = {
  accountSid: `AC${"0123456789abcdef".repeat(2)}`,
  authToken: "test-twilio-auth-token-0123456789",
};

export type SentText = {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | null;
  /** The Basic auth user the SDK sent (the account SID). */
  authUser: string;
};

export type TwilioServer = {
  /** What the app's TWILIO_API_BASE_URL points at, e.g. http://127.0.0.1:41234. */
  url: string;
  /** Every text the server accepted, in order. */
  texts: SentText[];
  /** Every request, accepted or not (method, path, whether the credentials matched). */
  requests: Array<{ method: string; path: string; authorized: boolean }>;
  /** The next create answers this Twilio error instead (e.g. 21211 invalid 'To'), once. */
  failNext: (error: { status: number; code: number; message: string }) => void;
  /** POSTs a status callback for a text, signed as Twilio signs it (or with `signature` given instead). */
  postStatus: (
    url: string,
    params: Record<string, string>,
    options?: { signature?: string | null; headers?: Record<string, string> },
  ) => Promise<Response>;
  close: () => Promise<void>;
};

/** The X-Twilio-Signature Twilio would send for a form post of `params` to `url`. */
export const twilioSignature = (url: string, params: Record<string, string>, authToken = TEST_TWILIO.authToken) =>
  twilio.getExpectedTwilioSignature(authToken, url, params);

/** POSTs a Twilio-style form webhook, signed unless `signature` is given (null: no header). */
export function postSignedForm(
  url: string,
  params: Record<string, string>,
  {
    signature,
    headers = {},
    signedUrl = url,
    authToken = TEST_TWILIO.authToken,
  }: { signature?: string | null; headers?: Record<string, string>; signedUrl?: string; authToken?: string } = {},
): Promise<Response> {
  const sig = signature === undefined ? twilioSignature(signedUrl, params, authToken) : signature;
  return fetch(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(sig === null ? {} : { "X-Twilio-Signature": sig }),
      ...headers,
    },
    body: new URLSearchParams(params).toString(),
    redirect: "manual",
  });
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

const json = (res: import("node:http").ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
};

/**
 * A local server speaking the part of Twilio's REST API the app uses: POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json with Basic auth (SID and auth token), answering
 * 201 with the message resource (sid SM…, status queued) as Twilio does, 401 with Twilio's error
 * body for wrong credentials, 400 for a missing To/From/Body. It records what it received.
 */
export async function startTwilioServer(account = TEST_TWILIO): Promise<TwilioServer> {
  const texts: SentText[] = [];
  const requests: TwilioServer["requests"] = [];
  let nextFailure: { status: number; code: number; message: string } | null = null;
  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const [user, password] = Buffer.from((req.headers.authorization ?? "").replace(/^Basic /, ""), "base64")
      .toString("utf8")
      .split(":");
    const authorized = user === account.accountSid && password === account.authToken;
    requests.push({ method: req.method ?? "", path, authorized });
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
    if (!match || req.method !== "POST")
      return json(res, 404, { code: 20404, message: "The requested resource was not found", status: 404 });
    if (!authorized || match[1] !== account.accountSid)
      return json(res, 401, { code: 20003, message: "Authenticate", more_info: "", status: 401 });
    const form = await readForm(req);
    if (nextFailure) {
      const failure = nextFailure;
      nextFailure = null;
      return json(res, failure.status, {
        code: failure.code,
        message: failure.message,
        more_info: `https://www.twilio.com/docs/errors/${failure.code}`,
        status: failure.status,
      });
    }
    const to = form.get("To") ?? "";
    const from = form.get("From") ?? "";
    const body = form.get("Body") ?? "";
    if (!to || !from || !body)
      return json(res, 400, { code: 21604, message: "A 'To' phone number is required.", status: 400 });
    const sid = `SM${randomBytes(16).toString("hex")}`;
    texts.push({ sid, to, from, body, statusCallback: form.get("StatusCallback"), authUser: user });
    const now = new Date().toUTCString();
    json(res, 201, {
      account_sid: account.accountSid,
      api_version: "2010-04-01",
      body,
      date_created: now,
      date_sent: null,
      date_updated: now,
      direction: "outbound-api",
      error_code: null,
      error_message: null,
      from,
      messaging_service_sid: null,
      num_media: "0",
      num_segments: "1",
      price: null,
      price_unit: "USD",
      sid,
      status: "queued",
      subresource_uris: { media: `/2010-04-01/Accounts/${account.accountSid}/Messages/${sid}/Media.json` },
      to,
      uri: `/2010-04-01/Accounts/${account.accountSid}/Messages/${sid}.json`,
    });
  });
  const port = await freePort();
  await listenLocally(server, port);
  return {
    url: `http://127.0.0.1:${port}`,
    texts,
    requests,
    failNext: (error) => {
      nextFailure = error;
    },
    postStatus: (url, params, { signature, headers } = {}) =>
      postSignedForm(
        url,
        { AccountSid: account.accountSid, ApiVersion: "2010-04-01", ...params },
        {
          signature,
          headers,
          authToken: account.authToken,
        },
      ),
    close: () => closeNow(server),
  };
}

/** Registers beforeAll/afterAll hooks: a local Twilio API for this test file. */
export const useTwilioServer = () =>
  useStarted(
    () => startTwilioServer(),
    (server) => server.close(),
  );
