// The portal's pages from the attacker's side, over HTTP against the built server (tests/e2e/portal-world.ts):
// a portal session reaches only its own customer's records (another customer of the same company, another
// company's customer), its own customer's cards only, and the sections its company's settings forbid answer
// 404 to reads and posts alike. Without a portal session no portal page answers.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startPortalWorld, type PortalWorld } from "../e2e/portal-world";

let world: PortalWorld;
let ana: string;
let ben: string;
let cara: string;

beforeAll(async () => {
  world = await startPortalWorld();
  [ana, ben, cara] = await Promise.all([
    world.signInCookie(world.links.ana[0]!),
    world.signInCookie(world.links.ben[0]!),
    world.signInCookie(world.links.cara[0]!),
  ]);
}, 180_000);
afterAll(() => world?.stop());

const get = (path: string, cookie: string) =>
  fetch(`${world.server.baseUrl}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
const post = (path: string, cookie: string, fields: Record<string, string>) =>
  fetch(`${world.server.baseUrl}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: world.server.baseUrl },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });

const SECTIONS = [
  "/portal",
  "/portal/visits",
  "/portal/estimates",
  "/portal/invoices",
  "/portal/service-plans",
  "/portal/cards",
];

describe("a portal session sees its own customer's records only", () => {
  test("no page shows another customer's or another company's records, nor links to them", async () => {
    const others = [world.ben, world.cara];
    for (const path of SECTIONS) {
      const answer = await get(path, ana);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get("Cache-Control"), path).toContain("no-store");
      const html = await answer.text();
      for (const other of others) {
        expect(html, path).not.toContain(`${other.key}&#x27;s`);
        expect(html, path).not.toContain(`${other.key}'s`);
        for (const token of Object.values(other.tokens)) expect(html, path).not.toContain(token);
        expect(html, path).not.toContain(other.cardId);
      }
    }
    // Ana's own records are there (the check above would pass on an empty page otherwise).
    const invoices = await (await get("/portal/invoices", ana)).text();
    expect(invoices).toContain(world.ana.tokens.invoice);
    expect(invoices).toContain(world.ana.tokens.paidInvoice);
  });

  test("another customer's card (same company or not) cannot be confirmed or removed", async () => {
    const confirm = await (await get(`/portal/cards?remove=${encodeURIComponent(world.ana.cardId)}`, ben)).text();
    expect(confirm).not.toContain("Remove this card?");
    const removed = await post("/portal/cards", ben, { intent: "remove", paymentMethodId: world.ana.cardId });
    expect(removed.status).toBe(404);
    const foreign = await post("/portal/cards", ben, { intent: "remove", paymentMethodId: world.cara.cardId });
    expect(foreign.status).toBe(404);
    expect(world.stripe.requests.filter((r) => r.path.includes("/detach"))).toEqual([]);
    // Ben's own card is listed for Ben only, and Ana's is still hers.
    expect(await (await get("/portal/cards", ana)).text()).toContain("Visa ending in 4242");
  });

  test("a request made by one customer is not shown to another by its key", async () => {
    const page = await (await get("/portal/request-work", ana)).text();
    const field = (pattern: RegExp) => pattern.exec(page)?.[1] ?? "";
    const body = new FormData();
    body.set("submissionKey", field(/name="submissionKey" value="([^"]+)"/));
    body.set("serviceId", field(/<option value="(\d+)"/));
    body.set("startTime", field(/name="startTime" value="([^"]+)"/));
    for (const name of ["firstName", "email", "location"])
      body.set(name, field(new RegExp(`name="${name}"[^>]*value="([^"]*)"`)));
    const sent = await fetch(`${world.server.baseUrl}/portal/request-work`, {
      method: "POST",
      headers: { Cookie: ana, Origin: world.server.baseUrl },
      body,
      redirect: "manual",
    });
    expect(sent.status).toBe(303);
    const confirmed = sent.headers.get("Location")!;
    expect(await (await get(confirmed, ana)).text()).toContain("12 Ana Street");
    const seen = await (await get(confirmed, ben)).text();
    expect(seen).toContain("Thank you! Your request was sent.");
    expect(seen).not.toContain("12 Ana Street");
  });

  test("junk page numbers and parameters answer the first page, not an error", async () => {
    for (const path of ["/portal/visits?page=-1", "/portal/estimates?page=1e99", "/portal/invoices?page=abc"]) {
      expect((await get(path, ana)).status, path).toBe(200);
    }
  });
});

describe("sections the settings forbid and missing sessions", () => {
  test("the second company allows no visits, requests or cards: 404 to reads and posts", async () => {
    for (const path of ["/portal/visits", "/portal/request-work", "/portal/cards"]) {
      const read = await get(path, cara);
      expect(read.status, path).toBe(404);
      expect(read.headers.get("Cache-Control"), path).toContain("no-store");
    }
    expect((await post("/portal/cards", cara, { intent: "remove", paymentMethodId: world.cara.cardId })).status).toBe(
      404,
    );
    expect((await post("/portal/request-work", cara, { notes: "x" })).status).toBe(404);
    // The sections it allows still answer, and its navigation leaves the others out.
    const home = await get("/portal", cara);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).not.toContain('href="/portal/visits"');
    expect(html).not.toContain('href="/portal/cards"');
    expect(html).toContain('href="/portal/invoices"');
  });

  test("without a portal session, or with a forged cookie, no portal page answers", async () => {
    for (const path of SECTIONS) {
      expect((await get(path, "")).status, path).toBe(404);
      expect((await get(path, "__portal=forged.value")).status, path).toBe(404);
    }
  });
});
