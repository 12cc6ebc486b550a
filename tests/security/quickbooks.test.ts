// Accounting sync (QuickBooks Online) from the attacker's side, over HTTP against the built server with
// the demo data and a local QuickBooks: office staff and field techs are refused the page, its forms and
// the OAuth callback (403); a company whose plan lacks accounting sync is refused (403, the route
// table's plan rule); a callback carrying another company's state connects nobody.
import { beforeAll, describe, expect, it } from "vitest";
import { signInDemo, type DemoLoginRole } from "../helpers/demo-sign-in";
import { useStarted } from "../helpers/lifecycle";
import { startQuickBooksServer, TEST_QUICKBOOKS } from "../helpers/quickbooks-server";
import { signUpOwner } from "./cross-company";
import { useOwnServer } from "./own-server";

const DEMO_PASSWORD = "security-demo-password-0123";
const qbo = useStarted(startQuickBooksServer, (server) => server.close());
const server = useOwnServer(
  () => ({
    env: {
      SEED_DEMO: "true",
      DEMO_PASSWORD,
      QUICKBOOKS_CLIENT_ID: TEST_QUICKBOOKS.clientId,
      QUICKBOOKS_CLIENT_SECRET: TEST_QUICKBOOKS.clientSecret,
      QUICKBOOKS_API_URL: qbo.url,
      QUICKBOOKS_AUTH_URL: `${qbo.url}/connect/oauth2`,
      QUICKBOOKS_TOKEN_URL: `${qbo.url}/oauth2/v1/tokens/bearer`,
    },
  }),
  120_000,
);

const PAGE = "/integrations/quickbooks";
const CALLBACK = "/integrations/quickbooks/callback";

let address = 0;
/** Each request from its own address (no rate limit answers in the test's place); forms from the app's origin. */
function call(path: string, { cookie, form }: { cookie: string; form?: Record<string, string> }) {
  address += 1;
  const headers = new Headers({ Cookie: cookie, "X-Forwarded-For": `203.0.113.${address % 250}` });
  if (form) headers.set("Origin", server.baseUrl);
  return fetch(`${server.baseUrl}${path}`, {
    method: form ? "POST" : "GET",
    headers,
    body: form ? new URLSearchParams(form) : undefined,
    redirect: "manual",
  });
}

const signIn = (role: DemoLoginRole) => signInDemo(server.baseUrl, role, DEMO_PASSWORD);
const quickBooksInfo = async (cookie: string) =>
  ((await (await call("/api/users/current", { cookie })).json()) as { quickBooksInfo: { isConnected: boolean } })
    .quickBooksInfo;
/** Connect as this session: the state Intuit would send back. */
async function connectState(cookie: string) {
  const res = await call(PAGE, { cookie, form: { intent: "connect" } });
  expect(res.status).toBe(303);
  return new URL(res.headers.get("Location")!).searchParams.get("state")!;
}

let admin: { cookie: string; companyId: number };
let owner: string;

beforeAll(async () => {
  admin = await signIn("company admin");
  owner = await signUpOwner({ name: "Books", phoneNumber: "+17045550166", base: server.baseUrl });
});

describe("accounting sync access", () => {
  it("office staff and field techs are refused the page, its forms and the callback", async () => {
    for (const role of ["office staff", "field tech"] as const) {
      const { cookie } = await signIn(role);
      expect((await call(PAGE, { cookie })).status, role).toBe(403);
      for (const intent of ["connect", "sync", "disconnect"])
        expect((await call(PAGE, { cookie, form: { intent } })).status, `${role} ${intent}`).toBe(403);
      const state = await connectState(admin.cookie);
      const callback = await call(`${CALLBACK}?${new URLSearchParams({ code: "code-staff", state, realmId: "1" })}`, {
        cookie,
      });
      expect(callback.status, role).toBe(403);
    }
    expect(qbo.requests.some((r) => r.body.code === "code-staff")).toBe(false);
    expect((await call(PAGE, { cookie: admin.cookie })).status).toBe(200);
  });

  it("a callback with another company's state connects nobody; the company's own connects it", async () => {
    const theirs = await connectState(admin.cookie);
    const stolen = await call(
      `${CALLBACK}?${new URLSearchParams({ code: "code-stolen", state: theirs, realmId: "77" })}`,
      {
        cookie: owner,
      },
    );
    expect(stolen.status).toBe(302);
    expect(stolen.headers.get("Location")).toBe(PAGE);
    expect(qbo.requests.some((r) => r.body.code === "code-stolen")).toBe(false);
    expect(await quickBooksInfo(owner)).toMatchObject({ isConnected: false });
    expect(await quickBooksInfo(admin.cookie)).toMatchObject({ isConnected: false });

    const ours = await connectState(owner);
    const connected = await call(
      `${CALLBACK}?${new URLSearchParams({ code: "code-owner", state: ours, realmId: "78" })}`,
      {
        cookie: owner,
      },
    );
    expect(connected.status).toBe(302);
    expect(await quickBooksInfo(owner)).toEqual({
      isConnected: true,
      companyName: "Sandbox Company_US_1",
      lastSyncedAt: null,
    });
    expect(await quickBooksInfo(admin.cookie)).toMatchObject({ isConnected: false });
  });

  it("a company whose plan lacks accounting sync is refused (403)", async () => {
    const superAdmin = await signIn("super admin");
    const current = (await (await call("/api/users/current", { cookie: owner })).json()) as { company: { id: number } };
    const here = `/admin-panel/company-details/${current.company.id}`;
    const page = await (await call(here, { cookie: superAdmin.cookie })).text();
    const growth = /<option value="(\d+)">Growth/.exec(page)?.[1];
    expect(growth, "the Growth plan is offered").toBeDefined();
    const moved = await call(here, {
      cookie: superAdmin.cookie,
      form: { intent: "subscription", planId: growth!, status: "2", trialExpiration: "", expirationDate: "" },
    });
    expect(moved.status).toBe(302);
    expect((await call(PAGE, { cookie: owner })).status).toBe(403);
    expect((await call(PAGE, { cookie: owner, form: { intent: "sync" } })).status).toBe(403);
    expect((await call(`${CALLBACK}?code=code-x&state=x&realmId=1`, { cookie: owner })).status).toBe(403);
  });
});
