// The portal's own scope over HTTP against a production server of this file's own (its database seeded by
// tests/security/portal-core-seed.ts): staff and portal sessions never open each other's pages, links work
// once and until they expire, another company's or an unknown id is 404, a forged cookie opens nothing.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createCookieSessionStorage } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startServer, type OwnServer } from "./harness";
import type { PortalCoreSeed } from "./portal-core-seed";

const SECRET = "security-suite-secret-0123456789abcdef";
let server: OwnServer;
let seed: PortalCoreSeed;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "fieldwise-portal-core-"));
  const outFile = path.join(dataDir, "seed.json");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    SESSION_SECRET: SECRET,
    APP_URL: "http://localhost",
    DATA_DIR: dataDir,
  };
  delete env.DATABASE_URL;
  const seeded = spawnSync("node", ["--import", "tsx", "tests/security/portal-core-seed.ts", outFile], {
    env,
    encoding: "utf8",
  });
  if (seeded.status !== 0) throw new Error(`seeding failed:\n${seeded.stdout}\n${seeded.stderr}`);
  seed = JSON.parse(readFileSync(outFile, "utf8")) as PortalCoreSeed;
  server = await startServer({ env: { DATA_DIR: dataDir } });
});

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (p: string, cookie?: string) =>
  fetch(`${server.baseUrl}${p}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
const post = (p: string, cookie?: string, body = "") =>
  fetch(`${server.baseUrl}${p}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: server.baseUrl,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body,
    redirect: "manual",
  });

/** Uses a link as the "Continue to your portal" button does: the portal cookie, or the failed answer. */
async function useLink(token: string) {
  const answer = await post(`/portal/sign-in/${token}`);
  return { answer, cookie: answer.headers.get("Set-Cookie")?.split(";")[0] ?? null };
}

describe("staff and portal sessions never mix", () => {
  let portalCookie: string;
  beforeAll(async () => {
    const { answer, cookie } = await useLink(seed.links[0]!);
    expect(answer.status).toBe(302);
    portalCookie = cookie!;
  });

  test("the portal cookie is its own: HttpOnly, SameSite=Lax, only sent under /portal", async () => {
    const { answer } = await useLink(seed.links[1]!);
    const setCookie = answer.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^__portal=[^;]+; Max-Age=2592000; Path=\/portal; HttpOnly; SameSite=Lax/i);
    expect(setCookie).not.toMatch(/__session=/);
  });

  test("a staff cookie opens no portal page (404) and cannot sign a portal session out", async () => {
    for (const p of ["/portal", "/portal/visits", "/portal/invoices", "/portal/estimates"]) {
      const answer = await get(p, seed.staffCookie);
      expect(answer.status, p).toBe(404);
    }
    expect((await post("/portal/sign-out", seed.staffCookie)).status).toBe(404);
    // The staff session still works on its own pages.
    expect((await get("/customers", seed.staffCookie)).status).toBe(200);
  });

  test("a portal cookie opens no staff page (sign-in) and no API call (401)", async () => {
    for (const p of ["/customers", "/dashboard", "/customer-portal", "/jobs"]) {
      const answer = await get(p, portalCookie);
      expect(answer.status, p).toBe(302);
      expect(answer.headers.get("Location"), p).toMatch(/^\/login/);
    }
    for (const p of ["/api/customers/page", "/api/jobs/1"]) {
      const api = await get(p, portalCookie);
      expect(api.status, p).toBe(401);
    }
    // The same cookie opens the portal.
    expect((await get("/portal", portalCookie)).status).toBe(200);
  });

  test("portal pages are never stored by a cache", async () => {
    const answer = await get("/portal", portalCookie);
    expect(answer.headers.get("Cache-Control")).toMatch(/no-store/);
  });
});

describe("links and ids", () => {
  test("a used link and an expired one open nothing: the page says so and offers a new one", async () => {
    const first = await useLink(seed.links[2]!);
    expect(first.answer.status).toBe(302);
    for (const token of [seed.links[2]!, seed.expiredLink]) {
      const { answer, cookie } = await useLink(token);
      expect(answer.status).toBe(404);
      expect(cookie).toBeNull();
      const html = await answer.text();
      expect(html).toContain("This link has expired or was already used");
      expect(html).toContain(`href="/portal/${seed.companyId}/sign-in"`);
      const page = await get(`/portal/sign-in/${token}`);
      expect(page.status).toBe(404);
      expect(await page.text()).toContain("This link has expired or was already used");
    }
  });

  test("opening a link (a mail scanner's GET) uses nothing", async () => {
    for (let i = 0; i < 3; i++) {
      const page = await get(`/portal/sign-in/${seed.links[3]}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Continue to your portal");
    }
    expect((await useLink(seed.links[3]!)).answer.status).toBe(302);
  });

  test("another company's link opens that company's portal only; unknown ids and a closed portal are 404", async () => {
    const { cookie } = await useLink(seed.otherLink);
    const home = await get("/portal", cookie!);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain("Core Plumbing Co");
    expect(html).not.toContain("Core Heating Co");
    for (const id of [seed.offCompanyId, 2_000_000_000, "abc", "-1"]) {
      expect((await get(`/portal/${id}/sign-in`)).status, String(id)).toBe(404);
      expect((await post(`/portal/${id}/sign-in`, undefined, "contact=dana%40example.com")).status, String(id)).toBe(
        404,
      );
    }
    expect((await get(`/portal/${seed.companyId}/sign-in`)).status).toBe(200);
  });

  test("a forged cookie opens nothing: garbage, another secret's signature, a tampered value", async () => {
    const { cookie } = await useLink(seed.links[4]!);
    const [, value] = cookie!.split("=");
    const tampered = `__portal=${value!.slice(0, -3)}${value!.slice(-3) === "abc" ? "abd" : "abc"}`;
    const otherSecret = createCookieSessionStorage({
      cookie: { name: "__portal", path: "/portal", secrets: ["not-the-server-secret-0123456789"] },
    });
    const session = await otherSecret.getSession();
    session.set("token", "A".repeat(43));
    session.set("companyId", seed.companyId);
    const forged = (await otherSecret.commitSession(session)).split(";")[0]!;
    for (const bad of ["__portal=garbage", tampered, forged]) {
      expect((await get("/portal", bad)).status, bad).toBe(404);
      expect((await get("/portal/invoices", bad)).status, bad).toBe(404);
    }
    expect((await get("/portal", cookie!)).status).toBe(200);
  });
});
