import net from "node:net";
import type { Page } from "playwright-core";
import { beforeAll, expect, test } from "vitest";
import { fromFloating } from "~/models/jobs/job-recurrence";
import { solidImage } from "../helpers/solid-image";
import { allowConsoleErrors, baseUrl, liveSessionCookie, newPage, signIn } from "./harness";
import { createForm } from "./public-checklist-setup";
import { employeesOf, pageApi } from "./seed-api";

// A field tech's phone with no signal (docs/decisions/075): the agenda and the day's jobs read from
// the service worker's copy, every change of a visit kept on the phone and shown as waiting, then
// sent once each when the signal returns; a change the office overtook is shown with its message.
//
// Going offline: Playwright's context.setOffline does not reach a service worker's own fetches in
// Chromium (microsoft/playwright#2311), so the pages talk to the app through a TCP relay of this
// test, and "offline" cuts the relay: every open connection is closed and new ones are refused, a
// real network failure for the page and its service worker alike. (navigator.onLine stays true:
// the changes are sent on the next page load, which the test does by reloading.)

const TZ = "America/New_York";
const run = Date.now().toString(36);
const FORM_NAME = `Site check ${run}`;

type Relay = { url: string; cut: (offline: boolean) => void; close: () => void };

function startRelay(target: string): Promise<Relay> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  let offline = false;
  const server = net.createServer((client) => {
    if (offline) return void client.destroy();
    const upstream = net.connect(Number(port), hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  return new Promise((resolve) =>
    server.listen(0, hostname, () => {
      const address = server.address() as net.AddressInfo;
      resolve({
        url: `http://${hostname}:${address.port}`,
        cut(value) {
          offline = value;
          if (value) for (const s of sockets) s.destroy();
        },
        close: () => server.close(),
      });
    }),
  );
}

const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: TZ }).format(new Date());
const at = (wall: string) => fromFloating(new Date(`${wall}:00Z`), TZ).toISOString();

type Seeded = { jobId: number; conflictJobId: number; checklistId: number; adminCookie: string };
let seeded: Seeded;

beforeAll(async () => {
  const admin = await newPage({ javaScript: true });
  await signIn(admin, "company admin");
  const { by } = await employeesOf(admin);
  const { customerId } = await pageApi<{ customerId: number }>(admin, "post", "/api/customers/create", {
    firstName: "Offline",
    lastName: run,
    addresses: [{ location: "4 Pine Road, Asheville, NC", isBilling: true }],
  });
  const job = async (name: string) =>
    (
      await pageApi<{ data: { id: number } }>(admin, "post", "/api/jobs", {
        customerId,
        name,
        // Late in the day, so other files' visits come first and a run after midnight still finds it today.
        startTime: at(`${today()}T23:00`),
        endTime: at(`${today()}T23:30`),
        timezone: TZ,
        employeeIds: [by("Marcus")],
        lineItems: [{ name: "Service call", unitPrice: "89" }],
      })
    ).data.id;
  const jobId = await job(`Boiler service ${run}`);
  const conflictJobId = await job(`Gutter clean ${run}`);
  const formId = await createForm(baseUrl(), await liveSessionCookie("company admin"), FORM_NAME, [
    { type: 0, label: "Meter read", required: true },
  ]);
  await pageApi(admin, "post", "/api/jobs/assign-checklists", { jobId, companyCheckListIds: [formId] });
  const { data } = await pageApi<{ data: { checklists?: Array<{ id: number }> } }>(admin, "get", `/api/jobs/${jobId}`);
  const list = await admin.request.get(`/jobs/${jobId}`);
  const checklistId = Number(
    new RegExp(`/jobs/${jobId}/checklist/(\\d+)`).exec(await list.text())?.[1] ?? data.checklists?.[0]?.id,
  );
  expect(checklistId).toBeGreaterThan(0);
  seeded = { jobId, conflictJobId, checklistId, adminCookie: await liveSessionCookie("company admin") };
}, 120_000);

/**
 * Waits until the service worker controls the page, has kept the page's document and `_data` and
 * the route module that renders it (`module` names its file in the build: "jobs+/$id-"), and has
 * stopped keeping files (the same count twice, 1.5 s apart): a route module runs offline only with
 * every chunk it imports.
 */
async function keptForOffline(page: Page, path: string, module: string) {
  const state = () =>
    page.evaluate(
      async ({ path, module }) => {
        const pages = (await (await caches.open("fieldwise-pages-v1")).keys()).map((r) => new URL(r.url));
        const assets = (await (await caches.open("fieldwise-assets-v1")).keys()).map((r) =>
          decodeURI(new URL(r.url).pathname),
        );
        const ready =
          !!navigator.serviceWorker.controller &&
          pages.some((u) => u.pathname === path && !u.search) &&
          pages.some((u) => u.pathname === path && u.searchParams.has("_data")) &&
          assets.some((a) => a.includes(module));
        return { ready, count: assets.length + pages.length };
      },
      { path, module },
    );
  const deadline = Date.now() + 45_000;
  let last = -1;
  for (;;) {
    const now = await state();
    if (now.ready && now.count === last) return;
    if (Date.now() > deadline) throw new Error(`${path} was not kept for offline reading: ${JSON.stringify(now)}`);
    last = now.ready ? now.count : -1;
    await page.waitForTimeout(1500);
  }
}

/** A field tech's phone talking through the relay, signed in, the job's page kept for reading offline. */
async function phoneWithKeptJob(relay: Relay, jobId: number): Promise<Page> {
  const page = await newPage({ javaScript: true, phone: true });
  // With no signal the browser logs each request it could not send; those are the point of these tests.
  allowConsoleErrors(page, /net::ERR_|Failed to fetch|status of 503|WebSocket connection/);
  await signIn(page, "field tech");
  await page.goto(`${relay.url}/schedule?view=agenda`);
  await page.locator(`a.agenda-open[href="/jobs/${jobId}"]`).first().waitFor();
  await keptForOffline(page, `/jobs/${jobId}`, "jobs+/$id-");
  return page;
}

const setOnline = (relay: Relay, online: boolean) => relay.cut(!online);

const waiting = (page: Page, count: number) =>
  page.getByText(`${count} ${count === 1 ? "change" : "changes"} waiting to send`).waitFor();

/** The job as the office's API answers it: what the server stored. */
async function stored(jobId: number) {
  const answer = await fetch(`${baseUrl()}/api/jobs/${jobId}`, { headers: { Cookie: seeded.adminCookie } });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: Record<string, any> }).data;
}

test("a technician finishes a visit with no signal; every change is stored once when the signal returns", async () => {
  const { jobId, checklistId } = seeded;
  const relay = await startRelay(baseUrl());
  try {
    const page = await phoneWithKeptJob(relay, jobId);
    // The agenda's visit links name the customer; both jobs are the same customer's.
    const visit = page.locator(`a.agenda-open[href="/jobs/${jobId}"]`);
    await keptForOffline(page, `/jobs/${jobId}/checklist/${checklistId}`, "jobs+/$id_.checklist.$checklistId-");
    await page.goto(`${relay.url}/jobs/${jobId}`);
    await page.getByRole("heading", { level: 1, name: `Boiler service ${run}` }).waitFor();
    await page.goto(`${relay.url}/schedule?view=agenda`);
    await visit.first().waitFor();

    setOnline(relay, false);
    await visit.first().click();
    await page.getByRole("heading", { level: 1, name: `Boiler service ${run}` }).waitFor();

    await page.getByRole("button", { name: "On my way" }).click();
    await waiting(page, 1);
    await page.getByText("Status: On my way").waitFor();

    await page.getByRole("textbox", { name: "Notes" }).fill(`Gate code 4411 ${run}`);
    await page.getByRole("button", { name: "Save notes" }).click();
    await waiting(page, 2);

    const photos = page.getByRole("region", { name: "Current state" });
    for (const [i, name] of ["meter.png", "boiler.png"].entries()) {
      await photos.getByLabel("Add a file").setInputFiles({
        name,
        mimeType: "image/png",
        buffer: await solidImage(40 + i, 30),
      });
      await photos.getByRole("button", { name: "Upload" }).click();
      await waiting(page, 3 + i);
    }

    await page.getByLabel("Customer's name").fill("Ada Lovelace");
    await page.getByRole("button", { name: "Save signature" }).click();
    await waiting(page, 5);

    await page.getByRole("link", { name: `Fill in ${FORM_NAME}` }).click();
    await page.getByRole("heading", { level: 1, name: FORM_NAME }).waitFor();
    await page.getByLabel("Meter read (required)").check();
    await page.getByRole("button", { name: "Save checklist" }).click();
    await waiting(page, 6);
    expect(
      await page.getByRole("region", { name: "Changes on this phone" }).getByRole("listitem").allInnerTexts(),
    ).toEqual(["Status: On my way", "Notes", "Photo", "Photo", "Signature", "Checklist"]);

    // Nothing reached the server.
    expect((await stored(jobId)).status).toBe(1);

    setOnline(relay, true);
    await page.reload();
    await page.getByText(/waiting to send/).waitFor({ state: "hidden", timeout: 30_000 });
    // The page lists the kept changes once it has read them: wait for the server to have the first.
    await expect.poll(async () => (await stored(jobId)).status, { timeout: 30_000 }).toBe(2);

    // Sent, none refused: no conflict is shown.
    await page.getByRole("region", { name: "Changes on this phone" }).waitFor({ state: "detached", timeout: 30_000 });

    const job = await stored(jobId);
    expect(job.status).toBe(2);
    expect(job.timeline.filter((e: { toStatus: number | null }) => e.toStatus === 2)).toHaveLength(1);
    await page.goto(`${relay.url}/jobs/${jobId}`);
    await page.getByRole("heading", { level: 1, name: `Boiler service ${run}` }).waitFor();
    expect(await page.getByRole("textbox", { name: "Notes" }).inputValue()).toBe(`Gate code 4411 ${run}`);
    const keptPhotos = page.getByRole("region", { name: "Current state" });
    expect(await keptPhotos.getByRole("listitem").allInnerTexts()).toEqual([
      expect.stringContaining("meter.png"),
      expect.stringContaining("boiler.png"),
    ]);
    await page.getByText("Signed by Ada Lovelace", { exact: false }).waitFor();
    expect(await page.getByText("Signed by Ada Lovelace", { exact: false }).count()).toBe(1);
    const checklists = page.getByRole("region", { name: "Checklists" });
    expect(await checklists.getByText("Completed", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(/waiting to send/).count()).toBe(0);

    // The same change sent twice with one key is stored once; the second answer is the first one again.
    const key = crypto.randomUUID();
    const twice = await page.evaluate(
      async ({ id, key }) => {
        const send = () =>
          fetch(`/jobs/${id}?_data=${encodeURIComponent("routes/_app+/jobs+/$id")}`, {
            method: "POST",
            headers: { "Offline-Change-Key": key },
            body: new URLSearchParams({ intent: "status", status: "3" }),
          }).then((r) => ({ status: r.status, to: r.headers.get("X-Remix-Redirect") }));
        return [await send(), await send()];
      },
      { id: jobId, key },
    );
    expect(twice[0]).toEqual({ status: 204, to: `/jobs/${jobId}` });
    expect(twice[1]).toEqual(twice[0]);
    const after = await stored(jobId);
    expect(after.status).toBe(3);
    expect(after.timeline.filter((e: { toStatus: number | null }) => e.toStatus === 3)).toHaveLength(1);
  } finally {
    relay.close();
  }
}, 180_000);

test("a change the office overtook while the phone was offline is shown with the server's message", async () => {
  const { conflictJobId } = seeded;
  const relay = await startRelay(baseUrl());
  try {
    const page = await phoneWithKeptJob(relay, conflictJobId);

    setOnline(relay, false);
    await page.locator(`a.agenda-open[href="/jobs/${conflictJobId}"]`).click();
    await page.getByRole("heading", { level: 1, name: `Gutter clean ${run}` }).waitFor();
    // The office cancels the job meanwhile (its own connection).
    const cancelled = await fetch(`${baseUrl()}/api/jobs/updateJobStatus`, {
      method: "PUT",
      headers: { Cookie: seeded.adminCookie, "Content-Type": "application/json", Origin: baseUrl() },
      body: JSON.stringify({ jobId: conflictJobId, status: 6 }),
    });
    expect(cancelled.status, await cancelled.clone().text()).toBeLessThan(300);
    await page.getByRole("button", { name: "On my way" }).click();
    await waiting(page, 1);

    setOnline(relay, true);
    await page.reload();
    const conflict = page.getByRole("alert").filter({ hasText: "Status: On my way was not saved" });
    await conflict.waitFor({ timeout: 30_000 });
    expect(await conflict.innerText()).toContain(
      "This job was changed to Cancelled while you were away. Nothing was changed.",
    );
    expect((await stored(conflictJobId)).status).toBe(6);
    await conflict.getByRole("button", { name: "Dismiss" }).click();
    await conflict.waitFor({ state: "hidden" });
  } finally {
    relay.close();
  }
}, 120_000);

test("with JavaScript off the job page still works, with no service worker", async () => {
  const page = await newPage({ javaScript: false, phone: true });
  await signIn(page, "field tech");
  const { jobId } = seeded;
  await page.goto(`/jobs/${jobId}`);
  await page.getByRole("heading", { level: 1, name: `Boiler service ${run}` }).waitFor();
  await page.getByRole("textbox", { name: "Notes" }).fill(`No script ${run}`);
  await page.getByRole("button", { name: "Save notes" }).click();
  await page.waitForURL(new RegExp(`/jobs/${jobId}$`));
  await page.getByRole("heading", { level: 1, name: `Boiler service ${run}` }).waitFor();
  expect((await stored(jobId)).privateNotes).toBe(`No script ${run}`);
  expect(await page.getByText(/waiting to send/).count()).toBe(0);
});

test("signing out leaves none of the technician's pages on the phone", async () => {
  const { jobId } = seeded;
  const relay = await startRelay(baseUrl());
  try {
    const page = await phoneWithKeptJob(relay, jobId);
    const logOut = async () => {
      await page.locator("details:has(form[action='/logout']) > summary").click();
      await page.getByRole("button", { name: "Log Out" }).click();
    };

    // A change made with no signal, then Log Out still with no signal: the change is never sent
    // later under whoever signs in next; it stays listed as not saved.
    await page.goto(`${relay.url}/jobs/${jobId}`);
    await page.getByRole("heading", { level: 1, name: `Boiler service ${run}` }).waitFor();
    setOnline(relay, false);
    await page.getByRole("textbox", { name: "Notes" }).fill(`Left behind ${run}`);
    await page.getByRole("button", { name: "Save notes" }).click();
    await waiting(page, 1);
    await logOut();
    await page.getByRole("heading", { level: 1, name: "You are offline" }).waitFor();
    setOnline(relay, true);
    // The sign-out never reached the server: still signed in, the change shown as not saved.
    await page.goto(`${relay.url}/jobs/${jobId}`);
    const notSent = page.getByRole("alert").filter({ hasText: "Notes was not saved" });
    await notSent.waitFor({ timeout: 30_000 });
    expect(await notSent.innerText()).toContain("You logged out before it could be sent. Nothing was changed.");
    expect((await stored(jobId)).privateNotes).not.toBe(`Left behind ${run}`);
    await notSent.getByRole("button", { name: "Dismiss" }).click();
    await keptForOffline(page, `/jobs/${jobId}`, "jobs+/$id-");

    await logOut();
    await page.waitForURL(/\/login/);
    // Only Remix's route lists (no one's data) may be kept again: the sign-in page asks for its own.
    const kept = await page.evaluate(async () =>
      (await (await caches.open("fieldwise-pages-v1")).keys()).map((r) => new URL(r.url).pathname),
    );
    expect(kept.filter((path) => path !== "/__manifest")).toEqual([]);

    // Whoever picks the phone up next, with no signal, reads none of them.
    setOnline(relay, false);
    await page.goto(`${relay.url}/jobs/${jobId}`);
    await page.getByRole("heading", { level: 1, name: "You are offline" }).waitFor();
    expect(await page.getByText(`Boiler service ${run}`).count()).toBe(0);
  } finally {
    relay.close();
  }
}, 120_000);
