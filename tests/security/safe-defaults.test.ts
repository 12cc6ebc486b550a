// Item 2 of the security issue, from the attacker's side: what a production server gives away when
// the operator sets only what is required. Servers of the built app, each on its own port and
// embedded database (tests/security/harness.ts); email through a local SMTP server.
import http from "node:http";
import type { ParsedMail } from "mailparser";
import { describe, expect, test } from "vitest";
import { signUpJson } from "../helpers/sign-up";
import { recipientOf, useSmtpCapture } from "../helpers/smtp-capture";
import { baseUrl, demoLogin, startOutcome, startServer } from "./harness";
import { useOwnServer } from "./own-server";

const smtp = useSmtpCapture();

async function mailTo(email: string): Promise<ParsedMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = smtp.received.find((m) => recipientOf(m) === email);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no email reached ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function signIn(baseUrl: string, email: string, password: string) {
  const response = await fetch(`${baseUrl}/api/account/sign-in`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { message?: string; roles?: number[] };
  return { status: response.status, body, cookie: (response.headers.get("set-cookie") ?? "").split(";")[0] };
}

async function status(baseUrl: string, path: string, cookie?: string) {
  const response = await fetch(`${baseUrl}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  return { status: response.status, text: await response.text() };
}

/** A JSON POST with the Host and X-Forwarded-Host an attacker chooses (fetch cannot set Host). */
function postWithForgedHost(baseUrl: string, path: string, body: unknown): Promise<number> {
  const url = new URL(path, baseUrl);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: {
          Host: "evil.example",
          "X-Forwarded-Host": "evil.example",
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(payload),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

describe("production refuses to start without its secrets", () => {
  test("without SESSION_SECRET, without APP_URL, or with the published demo password: exit non-zero naming the problem", async () => {
    const [noSecret, noAppUrl, publishedPassword] = await Promise.all([
      startOutcome({ SESSION_SECRET: undefined }),
      startOutcome({ APP_URL: undefined }),
      startOutcome({ SEED_DEMO: "true", DEMO_PASSWORD: "demo1234" }),
    ]);
    expect(noSecret).toMatchObject({ started: false, exitCode: 1 });
    expect(noSecret.log.trim()).toBe(
      "Invalid configuration:\n- SESSION_SECRET: SESSION_SECRET is required in production",
    );
    expect(noAppUrl).toMatchObject({ started: false, exitCode: 1 });
    expect(noAppUrl.log.trim()).toBe(
      "Invalid configuration:\n- APP_URL: APP_URL is required in production (the public address links in emails use, such as https://app.example.com)",
    );
    expect(publishedPassword).toMatchObject({ started: false, exitCode: 1 });
    expect(publishedPassword.log.trim()).toBe(
      "Invalid configuration:\n- DEMO_PASSWORD: DEMO_PASSWORD must not be the published demo password in production",
    );
  });
});

describe("production with only the required settings (and SMTP)", () => {
  const server = useOwnServer(() => ({ env: { SMTP_URL: smtp.url } }));

  test("seeds no demo users: the published logins do not sign in", async () => {
    expect(server.log()).not.toContain("Demo logins");
    for (const email of ["admin@fieldwise.demo", "super@fieldwise.demo"]) {
      const attempt = await signIn(server.baseUrl, email, "demo1234");
      expect(attempt.status).toBe(400);
      expect(attempt.body).toEqual({ message: "Invalid email or password" });
    }
  });

  test("/dev/outbox answers 404", async () => {
    expect((await status(server.baseUrl, "/dev/outbox")).status).toBe(404);
  });

  test("a reset requested with a forged Host and X-Forwarded-Host emails a link to APP_URL", async () => {
    const email = `owner-${Date.now()}@example.com`;
    const signUp = await fetch(`${server.baseUrl}/api/account/sign-up`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(signUpJson(email)),
    });
    expect(signUp.status).toBe(201);
    expect(await postWithForgedHost(server.baseUrl, "/api/account/forgotPassword", { email })).toBe(200);
    const mail = await mailTo(email);
    const links = [...(mail.text ?? "").matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
    expect(links).toHaveLength(1);
    expect(links[0].startsWith(`${server.baseUrl}/reset?token=`)).toBe(true);
    expect(mail.html).toContain(`<a href="${server.baseUrl}/reset?token=`);
    expect(`${mail.text} ${mail.html}`).not.toContain("evil.example");
    // The link is a real one: the reset page accepts its token.
    const page = await status(server.baseUrl, new URL(links[0]).pathname + new URL(links[0]).search);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain("This link is not valid");
  });
});

describe("production asked for the demo data without DEMO_PASSWORD", () => {
  const server = useOwnServer(() => ({ env: { SEED_DEMO: "true" } }), 120_000);

  test("gives each demo login a random password, shown once in the start banner, never demo1234", async () => {
    const log = server.log();
    expect(log).toContain("Demo logins (just seeded), passwords shown this once:");
    const shown = /^ {2}company admin {2}admin@fieldwise\.demo {2}(\S+)$/m.exec(log)?.[1];
    const superShown = /^ {2}super admin {4}super@fieldwise\.demo {2}(\S+)$/m.exec(log)?.[1];
    expect(shown).toMatch(/^[\w-]{16}$/);
    expect(superShown).toMatch(/^[\w-]{16}$/);
    expect(superShown).not.toBe(shown);
    expect((await signIn(server.baseUrl, "admin@fieldwise.demo", "demo1234")).status).toBe(400);
    expect((await signIn(server.baseUrl, "super@fieldwise.demo", "demo1234")).status).toBe(400);
    const admin = await signIn(server.baseUrl, "admin@fieldwise.demo", shown!);
    expect(admin.status).toBe(200);
    expect(admin.body.roles).toEqual([2]);

    // Even the signed-in super admin finds no outbox in production.
    const superAdmin = await signIn(server.baseUrl, "super@fieldwise.demo", superShown!);
    expect(superAdmin.status).toBe(200);
    expect((await status(server.baseUrl, "/dev/outbox", superAdmin.cookie)).status).toBe(404);
  });
});

describe("production asked for the demo data with DEMO_PASSWORD (the shared e2e server)", () => {
  test("the demo logins sign in through the form with it, not with demo1234", async () => {
    const { email, password } = demoLogin("office staff");
    expect(password).not.toBe("demo1234");
    const post = (pw: string) =>
      fetch(`${baseUrl()}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email, password: pw, intent: "signIn" }),
      });
    const refused = await post("demo1234");
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("Invalid email or password");
    const signedIn = await post(password);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/dashboard");
  });
});

describe("the development outbox", () => {
  test("opens to a signed-in super admin only: a visitor and a company admin get 404", async () => {
    const server = await startServer({ env: { NODE_ENV: "development", APP_URL: undefined } });
    try {
      expect((await status(server.baseUrl, "/dev/outbox")).status).toBe(404);
      const admin = await signIn(server.baseUrl, "admin@fieldwise.demo", "demo1234");
      expect(admin.status).toBe(200);
      expect((await status(server.baseUrl, "/dev/outbox", admin.cookie)).status).toBe(404);
      const superAdmin = await signIn(server.baseUrl, "super@fieldwise.demo", "demo1234");
      const page = await status(server.baseUrl, "/dev/outbox", superAdmin.cookie);
      expect(page.status).toBe(200);
      expect(page.text).toContain("<h1>Outbox</h1>");
    } finally {
      await server.stop();
    }
  }, 120_000);

  test("is closed when SMTP is configured, even to the super admin; links use the server's own address", async () => {
    const server = await startServer({ env: { NODE_ENV: "development", APP_URL: undefined, SMTP_URL: smtp.url } });
    try {
      const superAdmin = await signIn(server.baseUrl, "super@fieldwise.demo", "demo1234");
      expect(superAdmin.status).toBe(200);
      expect((await status(server.baseUrl, "/dev/outbox", superAdmin.cookie)).status).toBe(404);
      // Development without APP_URL: a forged Host still does not choose where the reset link points.
      expect(
        await postWithForgedHost(server.baseUrl, "/api/account/forgotPassword", { email: "office@fieldwise.demo" }),
      ).toBe(200);
      const mail = await mailTo("office@fieldwise.demo");
      expect(mail.text).toContain(`\n${server.baseUrl}/reset?token=`);
      expect(`${mail.text} ${mail.html}`).not.toContain("evil.example");
    } finally {
      await server.stop();
    }
  }, 120_000);
});
