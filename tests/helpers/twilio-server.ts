import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import twilio from "twilio";
import { closeNow, freePort, listenLocally } from "./free-port";
import { afterAll } from "vitest";
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
  /** The carrier registration's resources (TrustHub, A2P brands, messaging services, campaigns, numbers). */
  registration: TwilioRegistration;
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

type TwilioError = { status: number; code: number; message: string };
type Resource = Record<string, unknown> & { sid: string };

/**
 * What the server knows of the A2P 10DLC registration, readable and steerable by tests: a brand
 * or campaign stays PENDING (IN_PROGRESS) until a test approves or fails it, as the carriers would.
 */
export type TwilioRegistration = {
  customerProfiles: Map<string, Resource>;
  trustProducts: Map<string, Resource>;
  endUsers: Map<string, Resource>;
  brands: Map<string, Resource>;
  services: Map<string, Resource & { phone_number_sids: string[] }>;
  campaigns: Map<string, Resource>;
  /** Bought numbers by sid (PN…). */
  numbers: Map<string, Resource>;
  /** The status a newly bought number reports ("in-use" unless a test says otherwise). */
  newNumberStatus: string;
  setBrand: (sid: string, status: "PENDING" | "IN_REVIEW" | "APPROVED" | "FAILED", failureReason?: string) => void;
  setCampaign: (sid: string, status: "PENDING" | "IN_PROGRESS" | "VERIFIED" | "FAILED", errors?: string[]) => void;
  setNumberStatus: (sid: string, status: string) => void;
  /** The next request whose path ends with `path` (e.g. "/a2p/BrandRegistrations": the create) answers this error, once. */
  failNextAt: (path: string, error: TwilioError) => void;
};

/** The numbers offered in an area code: five 555-01xx numbers (fictional, valid for libphonenumber). */
const offeredNumbers = (areaCode: string) =>
  Array.from({ length: 5 }, (_, i) => `+1${areaCode}55501${String(i).padStart(2, "0")}`);

const sidOf = (prefix: string) => `${prefix}${randomBytes(16).toString("hex")}`;

/**
 * The registration's endpoints (trusthub, messaging and api hosts all end up on this server):
 * answers the request, or returns false when the path is not one of them.
 */
async function handleRegistration(
  req: IncomingMessage,
  res: import("node:http").ServerResponse,
  path: string,
  query: URLSearchParams,
  accountSid: string,
  state: TwilioRegistration,
  pendingFailures: Array<{ path: string; error: TwilioError }>,
): Promise<boolean> {
  const route = (pattern: RegExp) => pattern.exec(path);
  const isRegistrationPath =
    /^\/v1\/(CustomerProfiles|TrustProducts|EndUsers|a2p\/BrandRegistrations|Services)(\/|$)/.test(path) ||
    path.startsWith(`/2010-04-01/Accounts/${accountSid}/AvailablePhoneNumbers/`) ||
    path.startsWith(`/2010-04-01/Accounts/${accountSid}/IncomingPhoneNumbers`);
  if (!isRegistrationPath) return false;
  const failure = pendingFailures.findIndex((f) => path.endsWith(f.path));
  if (failure >= 0) {
    const { error } = pendingFailures.splice(failure, 1)[0];
    json(res, error.status, { ...error, more_info: `https://www.twilio.com/docs/errors/${error.code}` });
    return true;
  }
  const form = req.method === "POST" ? await readForm(req) : new URLSearchParams();
  const refuse = (code: number, message: string, status = 400) => {
    json(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
    return true;
  };
  const required = (...names: string[]) => names.find((name) => !form.get(name));
  const now = new Date().toISOString();
  let m: RegExpExecArray | null;

  // TrustHub: customer profiles and trust products (bundles), end users, entity assignments
  if ((m = route(/^\/v1\/(CustomerProfiles|TrustProducts)$/)) && req.method === "POST") {
    const missing = required("FriendlyName", "Email", "PolicySid");
    if (missing) return refuse(20001, `Missing required parameter ${missing} in the post body`);
    const bundle: Resource = {
      sid: sidOf("BU"),
      account_sid: accountSid,
      policy_sid: form.get("PolicySid"),
      friendly_name: form.get("FriendlyName"),
      status: "draft",
      email: form.get("Email"),
      date_created: now,
      date_updated: now,
    };
    (m[1] === "CustomerProfiles" ? state.customerProfiles : state.trustProducts).set(bundle.sid, bundle);
    json(res, 201, bundle);
    return true;
  }
  if ((m = route(/^\/v1\/(CustomerProfiles|TrustProducts)\/([^/]+)$/))) {
    const bundle = (m[1] === "CustomerProfiles" ? state.customerProfiles : state.trustProducts).get(m[2]);
    if (!bundle) return refuse(20404, "The requested resource was not found", 404);
    if (req.method === "POST" && form.get("Status")) bundle.status = form.get("Status");
    json(res, 200, bundle);
    return true;
  }
  if ((m = route(/^\/v1\/(CustomerProfiles|TrustProducts)\/([^/]+)\/EntityAssignments$/)) && req.method === "POST") {
    const bundle = (m[1] === "CustomerProfiles" ? state.customerProfiles : state.trustProducts).get(m[2]);
    if (!bundle) return refuse(20404, "The requested resource was not found", 404);
    const objectSid = form.get("ObjectSid") ?? "";
    if (!state.endUsers.has(objectSid) && !state.customerProfiles.has(objectSid))
      return refuse(22216, "Object sid is not valid");
    bundle.assigned = [...((bundle.assigned as string[] | undefined) ?? []), objectSid];
    json(res, 201, { sid: sidOf("BV"), object_sid: objectSid, date_created: now });
    return true;
  }
  if (route(/^\/v1\/EndUsers$/) && req.method === "POST") {
    const missing = required("FriendlyName", "Type");
    if (missing) return refuse(20001, `Missing required parameter ${missing} in the post body`);
    const endUser: Resource = {
      sid: sidOf("IT"),
      friendly_name: form.get("FriendlyName"),
      type: form.get("Type"),
      attributes: JSON.parse(form.get("Attributes") ?? "{}") as unknown,
    };
    state.endUsers.set(endUser.sid, endUser);
    json(res, 201, endUser);
    return true;
  }
  // Messaging: A2P brands, messaging services, their campaigns and numbers
  if (route(/^\/v1\/a2p\/BrandRegistrations$/) && req.method === "POST") {
    const profile = state.customerProfiles.get(form.get("CustomerProfileBundleSid") ?? "");
    const a2p = state.trustProducts.get(form.get("A2PProfileBundleSid") ?? "");
    if (!profile || !a2p) return refuse(21614, "Invalid bundle sid");
    const brand: Resource = {
      sid: sidOf("BN"),
      account_sid: accountSid,
      customer_profile_bundle_sid: profile.sid,
      a2p_profile_bundle_sid: a2p.sid,
      brand_type: form.get("BrandType") ?? "STANDARD",
      status: "PENDING",
      failure_reason: null,
      errors: [],
      date_created: now,
      date_updated: now,
    };
    state.brands.set(brand.sid, brand);
    json(res, 201, brand);
    return true;
  }
  if ((m = route(/^\/v1\/a2p\/BrandRegistrations\/([^/]+)$/)) && req.method === "GET") {
    const brand = state.brands.get(m[1]);
    if (!brand) return refuse(20404, "The requested resource was not found", 404);
    json(res, 200, brand);
    return true;
  }
  if (route(/^\/v1\/Services$/) && req.method === "POST") {
    if (!form.get("FriendlyName")) return refuse(20001, "Missing required parameter FriendlyName in the post body");
    const service = {
      sid: sidOf("MG"),
      account_sid: accountSid,
      friendly_name: form.get("FriendlyName"),
      inbound_request_url: form.get("InboundRequestUrl"),
      status_callback: form.get("StatusCallback"),
      phone_number_sids: [] as string[],
      date_created: now,
      date_updated: now,
    };
    state.services.set(service.sid, service);
    json(res, 201, service);
    return true;
  }
  if ((m = route(/^\/v1\/Services\/([^/]+)\/Compliance\/Usa2p$/)) && req.method === "POST") {
    const service = state.services.get(m[1]);
    if (!service) return refuse(20404, "The requested resource was not found", 404);
    const brand = state.brands.get(form.get("BrandRegistrationSid") ?? "");
    if (!brand) return refuse(21712, "Invalid Brand Registration Sid");
    if (brand.status !== "APPROVED") return refuse(21713, "The brand registration is not approved");
    const samples = form.getAll("MessageSamples");
    if (samples.length < 2 || !form.get("Description"))
      return refuse(21714, "A description and at least two message samples are required");
    const campaign: Resource = {
      sid: sidOf("QE"),
      account_sid: accountSid,
      brand_registration_sid: brand.sid,
      messaging_service_sid: service.sid,
      description: form.get("Description"),
      message_samples: samples,
      us_app_to_person_usecase: form.get("UsAppToPersonUsecase"),
      campaign_status: "PENDING",
      errors: [],
      date_created: now,
      date_updated: now,
    };
    state.campaigns.set(campaign.sid, campaign);
    json(res, 201, campaign);
    return true;
  }
  if ((m = route(/^\/v1\/Services\/([^/]+)\/Compliance\/Usa2p\/([^/]+)$/)) && req.method === "GET") {
    const campaign = state.campaigns.get(m[2]);
    if (!campaign || campaign.messaging_service_sid !== m[1])
      return refuse(20404, "The requested resource was not found", 404);
    json(res, 200, campaign);
    return true;
  }
  if ((m = route(/^\/v1\/Services\/([^/]+)\/PhoneNumbers$/)) && req.method === "POST") {
    const service = state.services.get(m[1]);
    const number = state.numbers.get(form.get("PhoneNumberSid") ?? "");
    if (!service) return refuse(20404, "The requested resource was not found", 404);
    if (!number) return refuse(21710, "Phone Number Sid is not valid");
    service.phone_number_sids.push(number.sid);
    json(res, 201, { sid: number.sid, service_sid: service.sid, phone_number: number.phone_number, date_created: now });
    return true;
  }
  // api.twilio.com: available and bought numbers
  if (
    (m = route(/^\/2010-04-01\/Accounts\/[^/]+\/AvailablePhoneNumbers\/(US|CA)\/Local\.json$/)) &&
    req.method === "GET"
  ) {
    const areaCode = query.get("AreaCode") ?? (m[1] === "CA" ? "416" : "415");
    const bought = new Set([...state.numbers.values()].map((n) => n.phone_number));
    json(res, 200, {
      available_phone_numbers: offeredNumbers(areaCode)
        .filter((n) => !bought.has(n))
        .map((n) => ({
          phone_number: n,
          friendly_name: `(${n.slice(2, 5)}) ${n.slice(5, 8)}-${n.slice(8)}`,
          locality: m![1] === "CA" ? "Toronto" : "San Francisco",
          region: m![1] === "CA" ? "ON" : "CA",
          iso_country: m![1],
          capabilities: { voice: true, SMS: true, MMS: true },
        })),
      uri: path,
    });
    return true;
  }
  if (route(/^\/2010-04-01\/Accounts\/[^/]+\/IncomingPhoneNumbers\.json$/) && req.method === "POST") {
    const phoneNumber = form.get("PhoneNumber") ?? "";
    if (!phoneNumber) return refuse(21421, "PhoneNumber is required");
    if ([...state.numbers.values()].some((n) => n.phone_number === phoneNumber))
      return refuse(21422, "PhoneNumber requested is not available");
    const number: Resource = {
      sid: sidOf("PN"),
      account_sid: accountSid,
      phone_number: phoneNumber,
      friendly_name: phoneNumber,
      sms_url: form.get("SmsUrl"),
      status: state.newNumberStatus,
      capabilities: { voice: true, sms: true, mms: true },
      date_created: now,
      date_updated: now,
    };
    state.numbers.set(number.sid, number);
    json(res, 201, number);
    return true;
  }
  if ((m = route(/^\/2010-04-01\/Accounts\/[^/]+\/IncomingPhoneNumbers\/([^/]+)\.json$/)) && req.method === "GET") {
    const number = state.numbers.get(m[1]);
    if (!number) return refuse(20404, "The requested resource was not found", 404);
    json(res, 200, number);
    return true;
  }
  return refuse(20404, "The requested resource was not found", 404);
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
 * body for wrong credentials, 400 for a missing To/From/Body. It records what it received. The
 * carrier registration's calls (TrustHub bundles, A2P brands, messaging services and campaigns,
 * available and bought numbers) answer as Twilio does, with their state in `registration`.
 */
export async function startTwilioServer(account = TEST_TWILIO): Promise<TwilioServer> {
  const texts: SentText[] = [];
  const requests: TwilioServer["requests"] = [];
  let nextFailure: { status: number; code: number; message: string } | null = null;
  const pendingFailures: Array<{ path: string; error: TwilioError }> = [];
  const registration: TwilioRegistration = {
    customerProfiles: new Map(),
    trustProducts: new Map(),
    endUsers: new Map(),
    brands: new Map(),
    services: new Map(),
    campaigns: new Map(),
    numbers: new Map(),
    newNumberStatus: "in-use",
    setBrand: (sid, status, failureReason) => {
      Object.assign(registration.brands.get(sid) ?? {}, { status, failure_reason: failureReason ?? null });
    },
    setCampaign: (sid, status, errors = []) => {
      Object.assign(registration.campaigns.get(sid) ?? {}, {
        campaign_status: status,
        errors: errors.map((description, i) => ({ error_code: 30880 + i, description, fields: [] })),
      });
    },
    setNumberStatus: (sid, status) => {
      Object.assign(registration.numbers.get(sid) ?? {}, { status });
    },
    failNextAt: (path, error) => {
      pendingFailures.push({ path, error });
    },
  };
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const path = url.pathname;
    const [user, password] = Buffer.from((req.headers.authorization ?? "").replace(/^Basic /, ""), "base64")
      .toString("utf8")
      .split(":");
    const authorized = user === account.accountSid && password === account.authToken;
    requests.push({ method: req.method ?? "", path, authorized });
    if (!authorized && path.startsWith("/v1/"))
      return json(res, 401, { code: 20003, message: "Authenticate", more_info: "", status: 401 });
    if (
      authorized &&
      (await handleRegistration(req, res, path, url.searchParams, account.accountSid, registration, pendingFailures))
    )
      return;
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
    registration,
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

/**
 * The app's Twilio settings pointed at a local Twilio API, for a test file whose app reads them
 * from the environment once: call it with top-level await before the app's modules run.
 */
export async function useLocalTwilio(): Promise<TwilioServer> {
  const server = await startTwilioServer();
  process.env.TWILIO_ACCOUNT_SID = TEST_TWILIO.accountSid;
  process.env.TWILIO_AUTH_TOKEN = TEST_TWILIO.authToken;
  process.env.TWILIO_API_BASE_URL = server.url;
  afterAll(async () => {
    await server.close();
    delete process.env.TWILIO_ACCOUNT_SID;
    delete process.env.TWILIO_AUTH_TOKEN;
    delete process.env.TWILIO_API_BASE_URL;
  });
  return server;
}
