import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import {
  chromium,
  devices,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from "playwright-core";
import { afterAll, afterEach, inject, test } from "vitest";
import { DEMO_LOGINS } from "~/server/seeds/demo-seed.server";
import { DEMO_PASSWORD } from "./global-setup";

export type DemoRole = (typeof DEMO_LOGINS)[number]["role"];
export type Width = 375 | 1366;

const context = () => inject("e2e");
/** The running app, e.g. http://localhost:41234 (no trailing slash). */
export const baseUrl = () => context().baseUrl;

let browser: Promise<Browser> | undefined;
const openContexts = new Set<BrowserContext>();
const problems = new WeakMap<Page, string[]>();
const allowed = new WeakMap<Page, RegExp[]>();
const withoutJavaScript = new WeakSet<Page>();
const onPhone = new WeakSet<Page>();

/**
 * A real phone as Chromium emulates it (Pixel 5: 393 CSS pixels, device scale 2.75, touch, mobile
 * viewport rules). Unlike a plain narrow window, a page without `<meta name="viewport">` lays out at
 * 980 pixels here and shrinks, as it would in a customer's hand.
 */
const { defaultBrowserType: _browserType, ...PHONE } = devices["Pixel 5"];
export const PHONE_WIDTH = PHONE.viewport.width;

function launch() {
  browser ??= chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  return browser;
}

const screenOptions = ({ width = 1366, phone = false }: { width?: Width; phone?: boolean }): BrowserContextOptions =>
  phone ? PHONE : { viewport: { width, height: width === 375 ? 812 : 900 } };

/**
 * A page in a fresh browser context (no cookies), relative URLs allowed (page.goto("/login")).
 * `phone: true` emulates a phone (PHONE) instead of a plain window of `width` pixels.
 * Console errors and uncaught page errors fail the test that opened it.
 */
export async function newPage({
  javaScript,
  width = 1366,
  phone = false,
}: {
  javaScript: boolean;
  width?: Width;
  phone?: boolean;
}): Promise<Page> {
  const ctx = await (
    await launch()
  ).newContext({
    baseURL: baseUrl(),
    javaScriptEnabled: javaScript,
    ...screenOptions({ width, phone }),
  });
  openContexts.add(ctx);
  const page = await ctx.newPage();
  const seen: string[] = [];
  problems.set(page, seen);
  if (!javaScript) withoutJavaScript.add(page);
  if (phone) onPhone.add(page);
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    // The browser logs the status of a page the test opened on purpose (403, 404); that is the answer under test, not a fault.
    if (
      /^Failed to load resource: the server responded with a status of 4\d\d/.test(text) &&
      message.location().url === page.url()
    )
      return;
    if (allowed.get(page)?.some((pattern) => pattern.test(text))) return;
    seen.push(`console.error: ${text} (${message.location().url})`);
  });
  page.on("pageerror", (error) => seen.push(`page error: ${error.stack ?? error.message}`));
  if (javaScript) {
    // Typing before React has hydrated races the form library's set-up, as no person can; every
    // navigation with JavaScript waits for the root's hydrated mark (public pages ship no scripts:
    // nothing to wait for).
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await page
        .waitForFunction(
          () => document.documentElement.dataset.hydrated === "true" || !document.querySelector("script[type=module]"),
          null,
          { timeout: 30_000 },
        )
        .catch(() => undefined);
      return response;
    };
  }
  return page;
}

/** Lets a test accept console errors it expects (rare: say why next to the call). */
export function allowConsoleErrors(page: Page, pattern: RegExp) {
  allowed.set(page, [...(allowed.get(page) ?? []), pattern]);
}

afterEach(async () => {
  const found: string[] = [];
  for (const ctx of openContexts) {
    for (const page of ctx.pages()) found.push(...(problems.get(page) ?? []));
    await ctx.close();
  }
  openContexts.clear();
  if (found.length) throw new Error(`The page reported errors:\n${found.join("\n")}`);
});

afterAll(async () => {
  if (browser) await (await browser).close();
  browser = undefined;
});

/** The email and password of a demo login, for tests of the sign-in form itself. */
export function demoLogin(role: DemoRole) {
  const login = DEMO_LOGINS.find((l) => l.role === role);
  if (!login) throw new Error(`No demo login for ${role}`);
  return { email: login.email, password: DEMO_PASSWORD };
}

/**
 * Real ids of the demo login's company, one per company-owned table, keyed by table name
 * (e.g. `demoRecordIds("company admin").customers`): the lowest id of each table at start.
 */
export function demoRecordIds(role: DemoRole): Record<string, number> {
  return JSON.parse(readFileSync(context().sessionsFile, "utf8")).recordIds[role];
}

/**
 * A live session cookie of the login: sessions are shared between tests, and one a test ended
 * (logging out) is passed over. Starts at a random place so parallel files spread over the pool.
 */
export async function liveSessionCookie(role: DemoRole): Promise<string> {
  const cookies: string[] = JSON.parse(readFileSync(context().sessionsFile, "utf8")).sessions[role];
  const offset = Math.floor(Math.random() * cookies.length);
  for (let i = 0; i < cookies.length; i++) {
    const cookie = cookies[(offset + i) % cookies.length];
    const response = await fetch(`${baseUrl()}/`, { headers: { Cookie: cookie }, redirect: "manual" });
    if (!response.headers.get("location")?.startsWith("/login")) return cookie;
  }
  throw new Error(
    `All ${cookies.length} prepared sessions for ${role} were ended: raise SESSIONS_PER_LOGIN in tests/e2e/global-setup.ts`,
  );
}

/** Signs the page's context in as a demo login by setting a session cookie made directly in the database. */
export async function signIn(page: Page, role: DemoRole) {
  const [name, ...value] = (await liveSessionCookie(role)).split("=");
  const { hostname } = new URL(baseUrl());
  await page
    .context()
    .addCookies([
      { name, value: value.join("="), domain: hostname, path: "/", httpOnly: true, sameSite: "Lax", secure: false },
    ]);
}

type BothOptions = { width?: Width; phone?: boolean; role?: DemoRole; timeout?: number };
type BothBody = (args: { page: Page; javaScript: boolean }) => Promise<void>;

/** Declares the same test twice: JavaScript disabled, then enabled (signed in first when a role is given). */
export function forBoth(name: string, fn: BothBody, options: BothOptions = {}) {
  for (const javaScript of [false, true]) {
    test(`${name} (JavaScript ${javaScript ? "on" : "off"})`, { timeout: options.timeout }, async () => {
      const page = await newPage({ javaScript, width: options.width, phone: options.phone });
      if (options.role) await signIn(page, options.role);
      await fn({ page, javaScript });
    });
  }
}

/**
 * axe-core needs timers, which do not run in a page without JavaScript: such a page is checked
 * through a copy of its current DOM (scripts removed) served at the same URL in a JavaScript-enabled
 * context, so styles and the no-JavaScript markup are what axe sees.
 */
async function axeTarget(page: Page): Promise<{ target: Page; close: () => Promise<void> }> {
  if (!withoutJavaScript.has(page)) return { target: page, close: async () => {} };
  const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
  const screen = onPhone.has(page) ? PHONE : { viewport: page.viewportSize() ?? undefined };
  const copy = await (await launch()).newContext({ javaScriptEnabled: true, ...screen });
  const target = await copy.newPage();
  const url = page.url();
  await target.route(url, (route) =>
    route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }),
  );
  await target.goto(url);
  return { target, close: () => copy.close() };
}

/** Runs axe-core on the page and fails on serious or critical violations, listing each with its elements. */
export async function expectNoA11yViolations(page: Page, { exclude = [] as string[] } = {}) {
  const { target, close } = await axeTarget(page);
  let builder = new AxeBuilder({ page: target });
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze().finally(close);
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  if (bad.length) {
    const lines = bad.map(
      (v) =>
        `- [${v.impact}] ${v.id}: ${v.help}\n${v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target.join(" ")}: ${n.failureSummary?.split("\n").slice(1).join("; ")}`)
          .join("\n")}`,
    );
    throw new Error(`Accessibility violations on ${page.url()}:\n${lines.join("\n")}`);
  }
}

export const SCREENS_DIR = path.resolve("tests/e2e/screens");

/** A full-page PNG in tests/e2e/screens/<name>.png (gitignored); returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  const file = path.join(SCREENS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
