// Items 3 (redirects), 8 (abuse limits) and 9 (sessions) of the security issue, tried from the
// outside over HTTP against the built server. Limits are spent only on servers of this file's own
// (startServer), never on the shared one, whose demo logins other files sign in with.
import { describe, expect, it } from "vitest";
import { baseUrl, liveSessionCookie } from "./harness";
import { firstStepJson, signUpJson } from "../helpers/sign-up";
import { useOwnServer } from "./own-server";

const PASSWORD = "correct horse battery";
const TOO_MANY = /Too many attempts\. Please try again in \d+ minutes?\./;
let accountCount = 0;

type Call = {
  method?: string;
  json?: unknown;
  form?: Record<string, string>;
  cookie?: string;
  headers?: Record<string, string>;
};

async function send(
  base: string,
  path: string,
  { method, json, form, cookie, headers = {} }: Call = {},
): Promise<Response> {
  const all = new Headers(headers);
  if (cookie) all.set("Cookie", cookie);
  let body: string | undefined;
  if (json !== undefined) {
    all.set("Content-Type", "application/json");
    body = JSON.stringify(json);
  } else if (form) {
    all.set("Content-Type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(form).toString();
  }
  return fetch(`${base}${path}`, {
    method: method ?? (body === undefined ? "GET" : "POST"),
    headers: all,
    body,
    redirect: "manual",
  });
}

const cookieOf = (response: Response, name = "__session") =>
  response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
const pairOf = (setCookie: string | undefined) => (setCookie ?? "").split(";")[0];

/** A new company admin made through the public sign-up call: an account only this test knows. */
async function newAccount(base: string, headers: Record<string, string> = {}) {
  const email = `limits-${process.pid}-${Date.now().toString(36)}-${++accountCount}@example.com`;
  const response = await send(base, "/api/account/sign-up", {
    headers,
    json: signUpJson(email, PASSWORD),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return { email, cookie: pairOf(cookieOf(response)) };
}

const signIn = (base: string, email: string, password: string, headers: Record<string, string> = {}) =>
  send(base, "/api/account/sign-in", { headers, json: { email, password } });

describe("on the shared server", () => {
  it("renders no link, form or field carrying another site's return address on /login", async () => {
    for (const payload of [
      "//evil.com",
      "https://evil.com/x",
      "/\\evil.com",
      "/%2F%2Fevil.com",
      "javascript:alert('evil.com')",
    ]) {
      const response = await send(baseUrl(), `/login?redirectTo=${encodeURIComponent(payload)}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("Sign in");
      // (The page's own address is in its hydration data, as text: that is not a way out.)
      expect(html).not.toMatch(/\b(href|action|formaction|src|value|content)="[^"]*evil\.com/i);
      expect(html).toMatch(/<input type="hidden" name="redirectTo" value=""\/>/);
    }
    const kept = await (await send(baseUrl(), `/login?redirectTo=${encodeURIComponent("/customers?tag=1")}`)).text();
    expect(kept).toContain('name="redirectTo" value="/customers?tag=1"');
  });

  it("answers signed-in pages, their data and API calls with Cache-Control: no-store, and keeps long caching of static files", async () => {
    const cookie = await liveSessionCookie("company admin");
    // Twice: the second answer of /dashboard comes from the kept pages.
    for (const path of [
      "/dashboard",
      "/dashboard",
      "/customers",
      "/customers?_data=root",
      "/dashboard?_data=routes%2F_app%2B%2Fdashboard",
      "/api/users/current",
      "/api/customers/page?pageNumber=1&pageSize=5",
    ]) {
      const response = await send(baseUrl(), path, { cookie });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Cache-Control"), path).toBe("no-store");
    }
    const tech = await send(baseUrl(), "/schedule", { cookie: await liveSessionCookie("field tech") });
    expect(tech.status).toBe(200);
    expect(tech.headers.get("Cache-Control")).toBe("no-store");
    const page = await (await send(baseUrl(), "/dashboard", { cookie })).text();
    const script = /"(\/build\/[^"\s]+\.js)"/.exec(page)?.[1];
    expect(script).toBeTruthy();
    const asset = await send(baseUrl(), script!, { cookie });
    expect(asset.status).toBe(200);
    expect(asset.headers.get("Cache-Control")).toMatch(/max-age=31536000/);
    // A visitor's sign-in page may be cached like any public page.
    expect((await send(baseUrl(), "/login")).headers.get("Cache-Control")).toBeNull();
  });
});

describe("behind one trusted proxy (TRUST_PROXY=1)", () => {
  const server = useOwnServer(() => ({ env: { TRUST_PROXY: "1" } }));
  const via = (address: string, more: Record<string, string> = {}) => ({ "X-Forwarded-For": address, ...more });

  it("believes X-Forwarded-Host from the proxy when it checks a post's Origin", async () => {
    const host = new URL(server.baseUrl).host;
    const forwarded = (originHost: string) =>
      fetch(`${server.baseUrl}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "X-Forwarded-Host": "app.example.com", Origin: `https://${originHost}` },
        body: new URLSearchParams({ intent: "signIn" }),
      });
    expect((await forwarded("app.example.com")).status).not.toBe(403);
    expect((await forwarded(host)).status).toBe(403);
  });

  it("slows failed sign-ins of one email from one address, while the owner signs in from theirs", async () => {
    const { email } = await newAccount(server.baseUrl, via("192.0.2.10"));
    for (let i = 0; i < 10; i++)
      expect((await signIn(server.baseUrl, email, "wrong password", via("198.51.100.7"))).status).toBe(400);
    const limited = await signIn(server.baseUrl, email, "wrong password", via("198.51.100.7"));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(3500);
    expect((await limited.json()).message).toMatch(TOO_MANY);
    // The right password from the attacking address waits too; a forged leftmost hop is passed over.
    expect((await signIn(server.baseUrl, email, PASSWORD, via("198.51.100.7"))).status).toBe(429);
    expect((await signIn(server.baseUrl, email, PASSWORD, via("203.0.113.200, 198.51.100.7"))).status).toBe(429);
    // The owner, from their own address, is not locked out.
    const owner = await signIn(server.baseUrl, email, PASSWORD, via("203.0.113.200"));
    expect(owner.status).toBe(200);
    expect((await owner.json()).email).toBe(email);
    // The screen says the same to the attacking address.
    const screen = await send(server.baseUrl, "/login", {
      headers: via("198.51.100.7"),
      form: { email, password: PASSWORD, intent: "signIn" },
    });
    expect(screen.status).toBe(429);
    expect(await screen.text()).toMatch(TOO_MANY);
  });

  it("answers a burst of sign-ups from one address 429 with Retry-After, on the API and the screen", async () => {
    const address = via("198.51.100.60");
    for (let i = 0; i < 30; i++) {
      const step = await send(server.baseUrl, "/api/account/signUpFirstStepPassed", {
        headers: address,
        json: firstStepJson(`burst-${i}-${Date.now()}@example.com`),
      });
      expect(step.status, await step.clone().text()).toBe(200);
    }
    const limited = await send(server.baseUrl, "/api/account/signUpFirstStepPassed", {
      headers: address,
      json: firstStepJson(`burst-last-${Date.now()}@example.com`),
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(3000);
    expect((await limited.json()).message).toMatch(TOO_MANY);
    const signUp = await send(server.baseUrl, "/api/account/sign-up", {
      headers: address,
      json: { ...signUpJson(`burst-api-${Date.now()}@example.com`, PASSWORD), businessName: "Burst" },
    });
    expect(signUp.status).toBe(429);
    expect(Number(signUp.headers.get("Retry-After"))).toBeGreaterThan(0);
    const screen = await send(server.baseUrl, "/signup", {
      headers: address,
      form: {
        email: `burst-screen-${Date.now()}@example.com`,
        firstName: "Maria",
        lastName: "Lopez",
        phoneNumber: "4155550134",
        step: "1",
        intent: "next",
      },
    });
    expect(screen.status).toBe(429);
    expect(await screen.text()).toMatch(TOO_MANY);
    // Somebody else signs up as usual.
    await newAccount(server.baseUrl, via("198.51.100.61"));
  });

  it("sets the session cookie Secure when the proxy says the request came over HTTPS, and not over plain HTTP", async () => {
    const { email } = await newAccount(server.baseUrl, via("192.0.2.20"));
    const overHttps = await signIn(
      server.baseUrl,
      email,
      PASSWORD,
      via("192.0.2.20", { "X-Forwarded-Proto": "https" }),
    );
    expect(overHttps.status).toBe(200);
    expect(cookieOf(overHttps)).toMatch(/;\s*Secure(;|$)/i);
    expect(cookieOf(overHttps)).toMatch(/HttpOnly/i);
    const overHttp = await signIn(server.baseUrl, email, PASSWORD, via("192.0.2.20", { "X-Forwarded-Proto": "http" }));
    expect(overHttp.status).toBe(200);
    expect(cookieOf(overHttp)).toBeTruthy();
    expect(cookieOf(overHttp)).not.toMatch(/Secure/i);
    // The screen's cookies too (session and toast), on a document answer.
    const screen = await send(server.baseUrl, "/login", {
      headers: via("192.0.2.20", { "X-Forwarded-Proto": "https" }),
      form: { email, password: PASSWORD, intent: "signIn" },
    });
    expect(screen.status).toBe(302);
    expect(screen.headers.getSetCookie().length).toBeGreaterThan(0);
    for (const cookie of screen.headers.getSetCookie()) expect(cookie).toMatch(/;\s*Secure(;|$)/i);
  });

  it("answers API-key callers with Cache-Control: no-store", async () => {
    const { cookie } = await newAccount(server.baseUrl, via("192.0.2.30"));
    const created = await send(server.baseUrl, "/api/company/zapier-api-key", {
      method: "POST",
      cookie,
      headers: via("192.0.2.30"),
    });
    expect(created.status).toBe(201);
    const { apiKey } = (await created.json()) as { apiKey: string };
    const ways: Record<string, string>[] = [{ "X-API-Key": apiKey }, { Authorization: `Bearer ${apiKey}` }];
    for (const headers of ways) {
      const me = await send(server.baseUrl, "/api/users/current", { headers });
      expect(me.status).toBe(200);
      expect(me.headers.get("Cache-Control")).toBe("no-store");
    }
  });
});

describe("without TRUST_PROXY", () => {
  const server = useOwnServer(() => ({ env: { TRUST_PROXY: undefined } }));

  it("checks a post's Origin against Host: a forged X-Forwarded-Host is not believed", async () => {
    const answer = await fetch(`${server.baseUrl}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "X-Forwarded-Host": "evil.example", Origin: "https://evil.example" },
      body: new URLSearchParams({ intent: "signIn" }),
    });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ message: "Cross-site requests are not allowed." });
  });

  it("sends every open-redirect payload of a sign-in to the home page, and keeps a path of the site", async () => {
    const { email } = await newAccount(server.baseUrl);
    const payloads = [
      "//evil.com",
      "/\\evil.com",
      "/\t/evil.com",
      "/%2F%2Fevil.com",
      "/%5Cevil.com",
      "javascript:alert(1)",
      "https://evil.com",
      "http:evil.com",
      "/.//evil.com",
      "\\\\evil.com",
      "//evil.com@localhost",
    ];
    for (const redirectTo of payloads) {
      const response = await send(server.baseUrl, "/login", {
        form: { email, password: PASSWORD, redirectTo, intent: "signIn" },
      });
      expect(response.status, redirectTo).toBe(302);
      expect(response.headers.get("Location"), redirectTo).toBe("/dashboard");
    }
    const kept = await send(server.baseUrl, "/login", {
      form: { email, password: PASSWORD, redirectTo: "/customers?tag=1", intent: "signIn" },
    });
    expect(kept.headers.get("Location")).toBe("/customers?tag=1");
  });

  it("counts requests of one client against one address, whatever X-Forwarded-For they carry", async () => {
    const { email } = await newAccount(server.baseUrl);
    for (let i = 0; i < 10; i++)
      expect(
        (await signIn(server.baseUrl, email, "wrong password", { "X-Forwarded-For": `203.0.113.${i + 1}` })).status,
      ).toBe(400);
    const forged = await signIn(server.baseUrl, email, "wrong password", { "X-Forwarded-For": "203.0.113.77" });
    expect(forged.status).toBe(429);
    expect(Number(forged.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(
      (await signIn(server.baseUrl, email, PASSWORD, { "X-Forwarded-For": "198.51.100.1, 198.51.100.2" })).status,
    ).toBe(429);
  });

  it("does not believe X-Forwarded-Proto: the cookie over plain HTTP is not Secure", async () => {
    const { email } = await newAccount(server.baseUrl);
    const response = await signIn(server.baseUrl, email, PASSWORD, { "X-Forwarded-Proto": "https" });
    expect(response.status).toBe(200);
    expect(cookieOf(response)).toBeTruthy();
    expect(cookieOf(response)).not.toMatch(/Secure/i);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });
});
