import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import Stripe from "stripe";
import { closeNow, freePort, listenLocally } from "./free-port";
import { useStarted } from "./lifecycle";

/** The platform's test keys: the SDK's secret key and the Connect webhook endpoint's signing secret. */
export const TEST_STRIPE = {
  secretKey: "sk_test_fieldwise0123456789abcdef",
  webhookSecret: "whsec_fieldwiseTestSecret0123456789",
};

type Obj = Record<string, any>;

export type StripeServer = {
  /** What the app's STRIPE_API_BASE_URL points at, e.g. http://127.0.0.1:41234. */
  url: string;
  /** Every request: method, path, the Stripe-Account header, the Idempotency-Key, the decoded form. */
  requests: Array<{ method: string; path: string; account: string | null; idempotencyKey: string | null; form: Obj }>;
  accounts: Map<string, Obj>;
  sessions: Map<string, Obj & { account: string | null }>;
  paymentIntents: Map<string, Obj & { account: string | null }>;
  /**
   * Saved cards by id; a test may add one, and one with `decline: true` is declined when charged;
   * `failDetach: true` makes detaching it a server error. A detached card has no customer.
   */
  paymentMethods: Map<string, Obj>;
  /** Stripe Billing subscriptions of our own account (no Stripe-Account), by id. */
  subscriptions: Map<string, Obj>;
  /**
   * The customer paid a subscription-mode session: a customer (unless the session named one) and a
   * subscription of the session's price, trialing when subscription_data.trial_end was given. Returns the session.
   */
  completeSubscriptionSession: (id: string) => Obj;
  /** Changes a subscription as Stripe would (status, cancel_at_period_end, ...). */
  updateSubscription: (id: string, fields: Obj) => Obj;
  /** Changes an account as Stripe would once its owner finishes onboarding. */
  updateAccount: (id: string, fields: Obj) => Obj;
  /** The customer paid: the session is complete and has a succeeded payment intent. Returns the session. */
  completeSession: (id: string) => Obj;
  /** The customer saved a card through a setup-mode session: its succeeded SetupIntent. */
  completeSetupSession: (id: string) => Obj;
  /** An event as Stripe's Connect webhooks send it (account set for events of connected accounts). */
  event: (type: string, object: Obj, account?: string | null) => Obj;
  /** POSTs an event, signed with the endpoint's secret (or with the given header; null: none). */
  deliver: (
    url: string,
    event: Obj,
    options?: { signature?: string | null; secret?: string; body?: string },
  ) => Promise<Response>;
  close: () => Promise<void>;
};

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

/** Stripe's form bodies: `a[b][0][c]=v` into nested objects and arrays. */
export function decodeForm(body: string): Obj {
  const out: Obj = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p) => p !== "");
    let node: any = out;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]);
      if (last) node[part] = value;
      else node = node[part] ??= nextIsIndex ? [] : {};
    });
  }
  return out;
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "Content-Type": "application/json", "Request-Id": id("req") });
  res.end(JSON.stringify(body));
};
const missing = (res: ServerResponse, what: string, value: string) =>
  send(res, 404, {
    error: {
      type: "invalid_request_error",
      code: "resource_missing",
      message: `No such ${what}: '${value}'`,
      param: "id",
    },
  });

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const now = () => Math.floor(Date.now() / 1000);

/**
 * A local server speaking the part of Stripe's API the app uses, for the real `stripe` SDK:
 * accounts, account and login links, Checkout Sessions (payment and setup mode), customers,
 * SetupIntents, PaymentIntents and payment methods. Objects of a connected account live under its
 * `Stripe-Account` header and are not found under another; an `Idempotency-Key` seen before
 * answers the first response again (keys are per account, as Stripe's are). Bearer auth with the
 * test key, else 401.
 */
export async function startStripeServer(keys = TEST_STRIPE): Promise<StripeServer> {
  const requests: StripeServer["requests"] = [];
  const accounts = new Map<string, Obj>();
  const sessions: StripeServer["sessions"] = new Map();
  const paymentIntents: StripeServer["paymentIntents"] = new Map();
  const setupIntents = new Map<string, Obj & { account: string | null }>();
  const customers = new Map<string, Obj & { account: string | null }>();
  const paymentMethods = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const replies = new Map<string, { status: number; body: unknown }>();
  let base = "";

  const newPaymentMethod = (customer: string | null) => {
    const pm = {
      id: id("pm"),
      object: "payment_method",
      type: "card",
      customer,
      card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: new Date().getFullYear() + 3 },
    };
    paymentMethods.set(pm.id, pm);
    return pm;
  };

  function handle(method: string, path: string, account: string | null, form: Obj): { status: number; body: unknown } {
    const own = <T extends { account: string | null }>(map: Map<string, T>, key: string) => {
      const found = map.get(key);
      return found && found.account === account ? found : undefined;
    };
    const notFound = (what: string, value: string) => ({
      status: 404,
      body: {
        error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}: '${value}'` },
      },
    });
    const ok = (body: unknown) => ({ status: 200, body });
    let m: RegExpExecArray | null;
    if (method === "POST" && path === "/v1/accounts") {
      const account = {
        id: id("acct").replace("_test", ""),
        object: "account",
        type: form.type ?? "express",
        country: form.country ?? "US",
        email: form.email ?? null,
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        metadata: form.metadata ?? {},
        created: now(),
      };
      accounts.set(account.id, account);
      return ok(account);
    }
    if ((m = /^\/v1\/accounts\/([^/]+)$/.exec(path)) && method === "GET") {
      const found = accounts.get(m[1]);
      return found ? ok(found) : notFound("account", m[1]);
    }
    if ((m = /^\/v1\/accounts\/([^/]+)\/login_links$/.exec(path)) && method === "POST") {
      if (!accounts.has(m[1])) return notFound("account", m[1]);
      return ok({ object: "login_link", created: now(), url: `${base}/express/${m[1]}/dashboard` });
    }
    if (method === "POST" && path === "/v1/account_links") {
      if (!accounts.has(form.account)) return notFound("account", String(form.account));
      return ok({
        object: "account_link",
        created: now(),
        expires_at: now() + 300,
        url: `${base}/connect/onboarding/${form.account}?return=${encodeURIComponent(form.return_url ?? "")}&refresh=${encodeURIComponent(form.refresh_url ?? "")}`,
      });
    }
    if (method === "GET" && path === "/v1/balance") {
      return ok({
        object: "balance",
        available: [{ amount: 0, currency: "usd" }],
        pending: [{ amount: 0, currency: "usd" }],
      });
    }
    if (method === "POST" && path === "/v1/customers") {
      const customer = {
        id: id("cus"),
        object: "customer",
        email: form.email ?? null,
        metadata: form.metadata ?? {},
        account,
      };
      customers.set(customer.id, customer);
      return ok(customer);
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      if (account && !accounts.has(account)) return notFound("account", account);
      const mode = form.mode ?? "payment";
      const amount = (form.line_items ?? []).reduce(
        (sum: number, l: Obj) => sum + Number(l.price_data?.unit_amount ?? 0) * Number(l.quantity ?? 1),
        0,
      );
      const session = {
        id: id("cs"),
        object: "checkout.session",
        account,
        mode,
        status: "open",
        payment_status: mode === "setup" ? "no_payment_required" : "unpaid",
        amount_total: mode === "setup" ? null : amount,
        currency: form.currency ?? form.line_items?.[0]?.price_data?.currency ?? null,
        client_reference_id: form.client_reference_id ?? null,
        customer: form.customer ?? null,
        customer_email: form.customer_email ?? null,
        metadata: form.metadata ?? {},
        payment_intent_data: form.payment_intent_data ?? null,
        setup_intent_data: form.setup_intent_data ?? null,
        subscription_data: form.subscription_data ?? null,
        line_items: form.line_items ?? [],
        subscription: null as string | null,
        payment_intent: null as string | null,
        setup_intent: null as string | null,
        success_url: form.success_url,
        cancel_url: form.cancel_url ?? null,
        url: "",
        created: now(),
        expires_at: now() + 24 * 3600,
      };
      session.url = `${base}/c/pay/${session.id}`;
      sessions.set(session.id, session);
      const {
        account: _account,
        payment_intent_data: _pid,
        setup_intent_data: _sid,
        subscription_data: _subd,
        line_items: _li,
        ...visible
      } = session;
      return ok(visible);
    }
    if ((m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)) && method === "GET") {
      const found = own(sessions, m[1]);
      if (!found) return notFound("checkout.session", m[1]);
      const {
        account: _account,
        payment_intent_data: _pid,
        setup_intent_data: _sid,
        subscription_data: _subd,
        line_items: _li,
        ...visible
      } = found;
      return ok(visible);
    }
    if (method === "POST" && path === "/v1/setup_intents") {
      const intent = {
        id: id("seti"),
        object: "setup_intent",
        account,
        status: "requires_payment_method",
        customer: form.customer ?? null,
        metadata: form.metadata ?? {},
        usage: form.usage ?? "off_session",
        payment_method: null,
        client_secret: `${id("seti")}_secret_${randomBytes(8).toString("hex")}`,
      };
      setupIntents.set(intent.id, intent);
      const { account: _a, ...visible } = intent;
      return ok(visible);
    }
    if (method === "POST" && path === "/v1/payment_intents") {
      const pm = form.payment_method ? paymentMethods.get(form.payment_method) : undefined;
      if (form.payment_method && (!pm || (form.customer && pm.customer !== form.customer)))
        return notFound("payment_method", String(form.payment_method));
      if (pm?.decline && form.confirm === "true")
        return {
          status: 402,
          body: {
            error: {
              type: "card_error",
              code: "card_declined",
              decline_code: "generic_decline",
              message: "Your card was declined.",
            },
          },
        };
      const intent = {
        id: id("pi"),
        object: "payment_intent",
        account,
        amount: Number(form.amount),
        currency: form.currency,
        customer: form.customer ?? null,
        payment_method: form.payment_method ?? null,
        metadata: form.metadata ?? {},
        status: form.confirm === "true" && pm ? "succeeded" : "requires_payment_method",
        created: now(),
      };
      paymentIntents.set(intent.id, intent);
      const { account: _a, ...visible } = intent;
      return ok(visible);
    }
    if ((m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path)) && method === "GET") {
      const found = own(paymentIntents, m[1]);
      if (!found) return notFound("payment_intent", m[1]);
      const { account: _a, ...visible } = found;
      return ok(visible);
    }
    if ((m = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path)) && method === "POST") {
      const found = paymentMethods.get(m[1]);
      if (!found) return notFound("payment_method", m[1]);
      if (found.failDetach)
        return { status: 500, body: { error: { type: "api_error", message: "An unknown error occurred" } } };
      if (!found.customer)
        return {
          status: 400,
          body: {
            error: {
              type: "invalid_request_error",
              message: "The payment method you provided is not attached to a customer so detachment is impossible.",
            },
          },
        };
      found.customer = null;
      return ok(found);
    }
    if ((m = /^\/v1\/payment_methods\/([^/]+)$/.exec(path)) && method === "GET") {
      const found = paymentMethods.get(m[1]);
      return found ? ok(found) : notFound("payment_method", m[1]);
    }
    // Stripe Billing on our own account: the billing portal and subscriptions
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      if (account) return notFound("customer", String(form.customer));
      if (!customers.has(form.customer)) return notFound("customer", String(form.customer));
      const portal = {
        id: id("bps"),
        object: "billing_portal.session",
        customer: form.customer,
        return_url: form.return_url ?? null,
        created: now(),
        url: "",
      };
      portal.url = `${base}/p/session/${portal.id}`;
      return ok(portal);
    }
    if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path)) && (method === "GET" || method === "POST")) {
      const found = account ? undefined : subscriptions.get(m[1]);
      if (!found) return notFound("subscription", m[1]);
      if (method === "POST") {
        for (const change of (form.items ?? []) as Obj[]) {
          const item = found.items.data.find((i: Obj) => i.id === change.id);
          if (!item) return notFound("subscription_item", String(change.id));
          if (change.price) item.price = { id: change.price, object: "price" };
        }
        if (form.metadata) found.metadata = { ...found.metadata, ...form.metadata };
        if (form.cancel_at_period_end) found.cancel_at_period_end = form.cancel_at_period_end === "true";
        if (form.proration_behavior) found.last_proration_behavior = form.proration_behavior;
      }
      return ok(found);
    }
    return notFound("resource", path);
  }

  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const account = (req.headers["stripe-account"] as string | undefined) ?? null;
    const idempotencyKey = (req.headers["idempotency-key"] as string | undefined) ?? null;
    const body = await readBody(req);
    const form = decodeForm(body);
    requests.push({ method: req.method ?? "", path, account, idempotencyKey, form });
    // Stripe's hosted pages (Checkout, onboarding, the Express dashboard) as a browser opens them
    if (req.method === "GET" && /^\/(c\/pay|connect\/onboarding|express|p\/session)\//.test(path)) {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      return res.end(`<!doctype html><html lang="en"><title>Stripe (test)</title><h1>Stripe page ${path}</h1></html>`);
    }
    if (path === "/favicon.ico") {
      res.writeHead(204);
      return res.end();
    }
    if (req.headers.authorization !== `Bearer ${keys.secretKey}`)
      return send(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    if (!path.startsWith("/v1/")) return missing(res, "path", path);
    const replayKey = idempotencyKey && req.method === "POST" ? `${account ?? ""}\n${idempotencyKey}` : null;
    const earlier = replayKey ? replies.get(replayKey) : undefined;
    if (earlier) {
      res.setHeader("Idempotent-Replayed", "true");
      return send(res, earlier.status, earlier.body);
    }
    const reply = handle(req.method ?? "", path, account, form);
    if (replayKey) replies.set(replayKey, reply);
    send(res, reply.status, reply.body);
  });
  const port = await freePort();
  await listenLocally(server, port);
  base = `http://127.0.0.1:${port}`;

  const event = (type: string, object: Obj, account: string | null = null) => ({
    id: id("evt"),
    object: "event",
    api_version: Stripe.API_VERSION,
    created: now(),
    type,
    livemode: false,
    account: account ?? undefined,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });

  return {
    url: base,
    requests,
    accounts,
    sessions,
    paymentIntents,
    paymentMethods,
    subscriptions,
    completeSubscriptionSession: (sessionId) => {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      let customer = session.customer as string | null;
      if (!customer) {
        customer = id("cus");
        customers.set(customer, {
          id: customer,
          object: "customer",
          email: session.customer_email,
          metadata: {},
          account: null,
        });
      }
      const start = now();
      const trialEnd = session.subscription_data?.trial_end ? Number(session.subscription_data.trial_end) : null;
      const periodEnd = trialEnd ?? start + 30 * 86400;
      const subscription = {
        id: id("sub"),
        object: "subscription",
        customer,
        status: trialEnd ? "trialing" : "active",
        cancel_at_period_end: false,
        trial_end: trialEnd,
        ended_at: null,
        default_payment_method: newPaymentMethod(customer).id,
        metadata: session.subscription_data?.metadata ?? {},
        items: {
          object: "list",
          data: [
            {
              id: id("si"),
              object: "subscription_item",
              price: { id: session.line_items?.[0]?.price, object: "price" },
              quantity: 1,
              current_period_start: start,
              current_period_end: periodEnd,
            },
          ],
        },
        created: start,
      };
      subscriptions.set(subscription.id, subscription);
      Object.assign(session, { status: "complete", payment_status: "paid", customer, subscription: subscription.id });
      const {
        account: _a,
        payment_intent_data: _p,
        setup_intent_data: _s,
        subscription_data: _sd,
        line_items: _li,
        ...visible
      } = session;
      return visible;
    },
    updateSubscription: (subscriptionId, fields) => {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      Object.assign(subscription, fields);
      return subscription;
    },
    updateAccount: (accountId, fields) => {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`no account ${accountId}`);
      Object.assign(account, fields);
      return account;
    },
    completeSession: (sessionId) => {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const intent = {
        id: id("pi"),
        object: "payment_intent",
        account: session.account,
        amount: session.amount_total,
        currency: session.currency,
        status: "succeeded",
        metadata: session.payment_intent_data?.metadata ?? {},
        created: now(),
      };
      paymentIntents.set(intent.id, intent);
      Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: intent.id });
      const {
        account: _a,
        payment_intent_data: _p,
        setup_intent_data: _s,
        subscription_data: _sd,
        line_items: _li,
        ...visible
      } = session;
      return visible;
    },
    completeSetupSession: (sessionId) => {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const pm = newPaymentMethod(session.customer);
      const intent = {
        id: id("seti"),
        object: "setup_intent",
        account: session.account,
        status: "succeeded",
        customer: session.customer,
        payment_method: pm.id,
        usage: "off_session",
        metadata: session.setup_intent_data?.metadata ?? session.metadata ?? {},
      };
      setupIntents.set(intent.id, intent);
      Object.assign(session, { status: "complete", setup_intent: intent.id });
      const { account: _a, ...visible } = intent;
      return visible;
    },
    event,
    deliver: (url, evt, { signature, secret = keys.webhookSecret, body } = {}) => {
      const payload = body ?? JSON.stringify(evt, null, 2);
      const header =
        signature === undefined ? Stripe.webhooks.generateTestHeaderString({ payload, secret }) : signature;
      return fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(header === null ? {} : { "Stripe-Signature": header }) },
        body: payload,
        redirect: "manual",
      });
    },
    close: () => closeNow(server),
  };
}

/** Registers beforeAll/afterAll hooks: a local Stripe API for this test file. */
export const useStripeServer = () =>
  useStarted(
    () => startStripeServer(),
    (server) => server.close(),
  );
