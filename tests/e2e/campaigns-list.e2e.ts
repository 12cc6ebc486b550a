import { spawn, type ChildProcess } from "node:child_process";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInDemo } from "../helpers/demo-sign-in";
import { databaseUrlOn, sqlOnce } from "../helpers/postgres";
import { ownServerEnv } from "../integration/realtime/clients";
import { expectNoA11yViolations, newPage, screenshot, type Width } from "./harness";

/*
 * The communication page's Custom Campaigns tab and a campaign's page, with JavaScript off and on.
 * The campaigns and their messages are written straight into the database (the sender's rows as it
 * leaves them), so this file runs its own `node server.js` of the e2e build on a PostgreSQL database
 * of its own.
 */

const ADMIN_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const DEMO_PASSWORD = "campaigns-demo-password-0123";
const onAdmin = (statement: string) => sqlOnce(ADMIN_URL, statement, [], { timeoutMs: 3_000 });
const skipReason = await onAdmin("SELECT 1").then(
  () => null,
  (error: Error) => `PostgreSQL is unreachable (${error.message})`,
);
if (skipReason) console.warn(`campaigns-list: skipped: ${skipReason}`);

function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; log: () => string }> {
  const child = spawn("node", ["server.js"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server.js did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/is running at/.test(output)) {
        clearTimeout(timer);
        resolve({ child, log: () => output });
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server.js exited (${code}):\n${output}`));
    });
  });
}

describe.skipIf(skipReason !== null)("custom campaigns: the list tab and the campaign's page", () => {
  const database = `fieldwise_campaigns_${process.pid}_${Date.now().toString(36)}`;
  const databaseUrl = databaseUrlOn(ADMIN_URL, database);
  const query = <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
    sqlOnce<T>(databaseUrl, text, values);
  let server: ChildProcess | undefined;
  let origin = "";
  let cookie = "";
  let companyId = 0;
  const mark = Date.now().toString(36);
  let detailsId = 0;
  let foreignId = 0;
  let customers: { id: number; first_name: string; last_name: string }[] = [];
  let tag = { id: 0, name: "" };

  /** A campaign row as the wizard leaves it; `minutesAgo` orders them (newest first on the list). */
  async function insertCampaign(
    name: string,
    fields: {
      active?: boolean;
      trigger?: number;
      delayValue?: number;
      company?: number;
      minutesAgo?: number;
      includeTags?: number[];
      exclude?: number[];
      audience?: number;
      channel?: number;
    } = {},
  ) {
    const [row] = await query<{ id: number }>(
      `INSERT INTO follow_up_campaigns (company_id, name, is_active, trigger_event, delay_type, delay_value,
         scheduled_at, channel, subject, email_message, sms_message, include_tag_ids, exclude_customer_ids,
         selected_customers_number, created_at)
       VALUES ($1, $2, $3, $4, 0, $5, $6, $7, 'Thanks', 'Thank you', 'Thank you', $8, $9, $10,
         now() - make_interval(mins => $11)) RETURNING id`,
      [
        fields.company ?? companyId,
        name,
        fields.active ?? true,
        fields.trigger ?? 0,
        fields.delayValue ?? 3,
        fields.trigger === 1 ? new Date(Date.now() + 7 * 86_400_000) : null,
        fields.channel ?? 2,
        fields.includeTags ?? [],
        fields.exclude ?? [],
        fields.audience ?? 5,
        fields.minutesAgo ?? 0,
      ],
    );
    return row.id;
  }

  async function insertMessage(
    campaignId: number,
    customerId: number,
    key: string,
    email: { status: string | null; error?: string; jobId?: number | null; title: string; sentMinutesAgo?: number },
  ) {
    const idempotencyKey = `campaign:${campaignId}:${key}`;
    await query(
      `INSERT INTO campaign_messages (company_id, campaign_id, customer_id, trigger_type, trigger_at, job_id,
         related_type, title, idempotency_key) VALUES ($1, $2, $3, 0, now() - interval '3 days', $4, $5, $6, $7)`,
      [companyId, campaignId, customerId, email.jobId ?? null, email.jobId ? "job" : null, email.title, idempotencyKey],
    );
    // Unsent: the channel never queued it (no outbox row).
    if (email.status === null) return;
    const sentAt = new Date(Date.now() - (email.sentMinutesAgo ?? 60) * 60_000);
    await query(
      `INSERT INTO outbox_messages (company_id, channel, "to", body, dedupe_key, status, error, customer_id,
         sent_at, failed_at, created_at)
       VALUES ($1, 'email', 'someone@example.com', 'Thank you', $2, $3, $4, $5, $6, $7, $8)`,
      [
        companyId,
        `${idempotencyKey}:email`,
        email.status,
        email.error ?? null,
        customerId,
        email.status === "failed" ? null : sentAt,
        email.status === "failed" ? sentAt : null,
        // The attempt's time: a failed one shows it as its send date.
        sentAt,
      ],
    );
  }

  beforeAll(async () => {
    await onAdmin(`CREATE DATABASE ${database}`);
    const own = await ownServerEnv({
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: "campaigns-e2e-session-secret-0123456789",
      DEMO_PASSWORD,
      SEED_DEMO: "true",
    });
    origin = own.origin;
    delete own.env.DATA_DIR;
    delete own.env.WEB_CONCURRENCY;
    const started = await startServer(own.env);
    server = started.child;
    const admin = await signInDemo(origin, "company admin", DEMO_PASSWORD, started.log);
    cookie = admin.cookie;
    companyId = admin.companyId;
    customers = await query(
      "SELECT id, first_name, last_name FROM customers WHERE company_id = $1 AND deleted_at IS NULL ORDER BY id LIMIT 12",
      [companyId],
    );
    [tag] = await query<{ id: number; name: string }>(
      "INSERT INTO tags (company_id, name, type) VALUES ($1, $2, 0) RETURNING id, name",
      [companyId, `VIP ${mark}`],
    );
    // Twelve of ours, newest first: "List 12" ... "List 1"; the odd ones inactive.
    for (let i = 1; i <= 12; i++)
      await insertCampaign(`List ${i} ${mark}`, { active: i % 2 === 0, minutesAgo: 100 - i, delayValue: i });
    detailsId = await insertCampaign(`Furnace follow-up ${mark}`, {
      minutesAgo: 200,
      includeTags: [tag.id],
      exclude: [customers[2].id, customers[1].id],
      audience: 7,
    });
    const [job] = await query<{ id: number }>("SELECT id FROM jobs WHERE company_id = $1 ORDER BY id LIMIT 1", [
      companyId,
    ]);
    await insertMessage(detailsId, customers[0].id, `job:${job.id}`, {
      status: "opened",
      jobId: job.id,
      title: "Furnace repair",
    });
    await insertMessage(detailsId, customers[1].id, "job:999999", {
      status: "failed",
      error: "550 Mailbox unavailable",
      title: "Old job",
    });
    const [hq] = await query<{ company_id: number }>(
      "SELECT company_id FROM users WHERE email = 'super@fieldwise.demo'",
    );
    foreignId = await insertCampaign(`Theirs ${mark}`, { company: hq.company_id });
  }, 180_000);

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server!.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    await onAdmin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }, 60_000);

  async function adminPage(javaScript: boolean, width: Width = 1366): Promise<Page> {
    const page = await newPage({ javaScript, width });
    const [name, ...value] = cookie.split("=");
    await page.context().addCookies([
      {
        name,
        value: value.join("="),
        domain: new URL(origin).hostname,
        path: "/",
        httpOnly: true,
        sameSite: "Lax",
        secure: false,
      },
    ]);
    return page;
  }

  const campaignNames = async (page: Page) =>
    (
      await page.getByRole("table", { name: "Custom campaigns" }).locator("tbody tr td:first-child").allTextContents()
    ).map((t) => t.trim());
  /** The company's campaign names as the list orders them (the demo company has campaigns of its own). */
  const listedNames = async (where: string, offset: number) =>
    (
      await query<{ name: string }>(
        `SELECT name FROM follow_up_campaigns WHERE company_id = $1 ${where} ORDER BY created_at DESC, id DESC LIMIT 10 OFFSET $2`,
        [companyId, offset],
      )
    ).map((r) => r.name);
  const isActive = async (name: string) =>
    (await query<{ is_active: boolean }>("SELECT is_active FROM follow_up_campaigns WHERE name = $1", [name]))[0]
      .is_active;

  for (const javaScript of [false, true]) {
    it(`lists, filters, pages and toggles the campaigns (JavaScript ${javaScript ? "on" : "off"})`, async () => {
      const page = await adminPage(javaScript);
      await page.goto(`${origin}/communication?tab=custom-campaigns`);
      const tabs = page.getByRole("navigation", { name: "Tabs" });
      expect(await tabs.getByRole("link").allTextContents()).toEqual(["Messages", "Custom Campaigns"]);
      expect(await tabs.getByRole("link", { name: "Custom Campaigns" }).getAttribute("aria-current")).toBe("page");
      expect(await page.getByRole("link", { name: "Add Campaign" }).getAttribute("href")).toBe(
        "/communication/custom-campaigns/new",
      );
      const firstPage = await campaignNames(page);
      expect(firstPage).toEqual(await listedNames("", 0));
      expect(firstPage.filter((n) => n.endsWith(mark)).slice(0, 3)).toEqual(
        [12, 11, 10].map((i) => `List ${i} ${mark}`),
      );
      const [{ total }] = await query<{ total: number }>(
        "SELECT count(*)::int AS total FROM follow_up_campaigns WHERE company_id = $1",
        [companyId],
      );
      const first = page.getByRole("row").filter({ hasText: `List 12 ${mark}` });
      expect(await first.getByRole("cell").nth(1).textContent()).toBe(
        "12 days after the job was finished, at 10:00 AM",
      );
      expect(await first.getByRole("cell").nth(2).textContent()).toBe("Email");
      expect(await first.getByRole("cell").nth(3).textContent()).toBe("5 customers");
      expect(await page.getByText(`1 of ${Math.ceil(total / 10)} pages`).isVisible()).toBe(true);

      // The second page.
      await page.getByRole("link", { name: "Next page" }).click();
      await page.waitForURL(/page=2/);
      await page.getByText(`2 of ${Math.ceil(total / 10)} pages`).waitFor();
      expect(await campaignNames(page)).toEqual(await listedNames("", 10));

      // The switch of "List 11": JavaScript off flips it one way, on flips it back.
      const name = `List 11 ${mark}`;
      const before = await isActive(name);
      await page.goto(`${origin}/communication?tab=custom-campaigns`);
      const toggle = page.getByRole("switch", { name: `${name} active` });
      expect(await toggle.getAttribute("aria-checked")).toBe(String(before));
      await toggle.click();
      await page
        .getByText(before ? "Campaign is inactive" : "Campaign is active")
        .first()
        .waitFor();
      expect(await isActive(name)).toBe(!before);
      await page.waitForURL(/\/communication\?tab=custom-campaigns$/);
      await page.getByRole("switch", { name: `${name} active`, checked: !before }).waitFor();

      // Only the inactive ones, newest first.
      const inactive = await listedNames("AND NOT is_active", 0);
      await page.goto(`${origin}/communication?tab=custom-campaigns`);
      await page.getByLabel("Show").selectOption("inactive");
      if (!javaScript)
        await page.getByRole("form", { name: "Filter campaigns" }).getByRole("button", { name: "Apply" }).click();
      await page.waitForURL(/active=inactive/);
      // With JavaScript the URL may change a moment before the filtered list renders.
      await expect.poll(() => campaignNames(page)).toEqual(inactive);
      expect(inactive.length).toBeGreaterThanOrEqual(5);
    });
  }

  it("shows 'No items' when no campaign matches", async () => {
    const page = await adminPage(false);
    // A page past the end lists nothing.
    await page.goto(`${origin}/communication?tab=custom-campaigns&page=500`);
    expect(await page.getByRole("cell", { name: "No items" }).isVisible()).toBe(true);
  });

  for (const javaScript of [false, true]) {
    it(`shows a campaign's General and Emails tabs and deletes it after the confirmation (JavaScript ${
      javaScript ? "on" : "off"
    })`, async () => {
      const page = await adminPage(javaScript);
      const doomed = await insertCampaign(`Doomed ${javaScript} ${mark}`, { trigger: 1, channel: 3 });
      await page.goto(`${origin}/communication/custom-campaigns/${detailsId}`);
      const heading = page.getByRole("heading", { level: 1 });
      expect(await heading.textContent()).toBe(`Furnace follow-up ${mark} Active`);
      expect(await page.getByRole("link", { name: "‹ Communications" }).getAttribute("href")).toBe(
        "/communication?tab=custom-campaigns",
      );
      expect(await page.getByRole("navigation", { name: "Tabs" }).getByRole("link").allTextContents()).toEqual([
        "General",
        "Emails",
        "Texts",
      ]);
      const details = page.locator("dl.details");
      expect(await details.locator("dd").allTextContents()).toEqual([
        `Furnace follow-up ${mark}`,
        "After the Job was finished",
        "3 days after the job was finished, at 10:00 AM",
        "Email",
        `7 customersInclude tags: ${tag.name}except 2 customers`,
      ]);
      expect(await page.getByRole("link", { name: "Edit" }).getAttribute("href")).toBe(
        `/communication/custom-campaigns/${detailsId}/edit`,
      );

      await page.getByRole("link", { name: "Emails" }).click();
      await page.waitForURL(/tab=emails/);
      const table = page.getByRole("table", { name: "Emails" });
      await table.waitFor();
      expect(await table.locator("thead th").allTextContents()).toEqual([
        "Name ↕",
        "Trigger",
        "Send date ↕",
        "Message Status ↕",
      ]);
      const [ok, failed] = [customers[0], customers[1]];
      const rows = table.locator("tbody tr");
      expect(await rows.count()).toBe(2);
      const okRow = rows.filter({ hasText: ok.first_name });
      expect(await okRow.getByRole("link", { name: "Furnace repair" }).getAttribute("href")).toMatch(/^\/jobs\/\d+$/);
      expect(await okRow.getByRole("link", { name: `${ok.first_name} ${ok.last_name}` }).getAttribute("href")).toBe(
        `/customers/${ok.id}`,
      );
      expect(await okRow.getByText("Opened").isVisible()).toBe(true);
      const failedRow = rows.filter({ hasText: failed.first_name });
      expect(await failedRow.getByText("Job: deleted").isVisible()).toBe(true);
      expect(await failedRow.getByText("Failed", { exact: true }).isVisible()).toBe(true);
      // The failure reason with its date and time, visible without hovering.
      expect(await failedRow.getByText("550 Mailbox unavailable").isVisible()).toBe(true);
      expect(await failedRow.locator(".campaign-failure .muted").textContent()).toMatch(
        /^\w{3} \d{2}, \d{4} \d{1,2}:\d{2} [AP]M$/,
      );

      await page.getByLabel("Message Status").selectOption({ label: "Failed" });
      if (!javaScript)
        await page.getByRole("form", { name: "Filter messages" }).getByRole("button", { name: "Apply" }).click();
      await page.waitForURL(/status=3/);
      await page.getByText("1-1 of 1 items").waitFor();
      expect(await rows.count()).toBe(1);
      expect(await rows.first().textContent()).toContain(failed.first_name);

      await page.getByRole("link", { name: "Texts" }).click();
      await page.waitForURL(/tab=texts/);
      await page.getByRole("table", { name: "Texts" }).getByText("No items").waitFor();

      // Delete, on a campaign of its own.
      await page.goto(`${origin}/communication/custom-campaigns/${doomed}`);
      await page.getByRole("link", { name: "Delete" }).click();
      const dialog = page.getByRole("dialog", { name: "Delete Campaign" });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain("will be completely deleted");
      await dialog.getByRole("button", { name: "Delete" }).click();
      await page.waitForURL(/\/communication\?tab=custom-campaigns$/);
      await page.getByText("Campaign was deleted").first().waitFor();
      expect(await query("SELECT id FROM follow_up_campaigns WHERE id = $1", [doomed])).toEqual([]);
    });
  }

  for (const javaScript of [false, true]) {
    it(`the Emails tab sorts, pages and filters by status, 'All' without the unsent (JavaScript ${
      javaScript ? "on" : "off"
    })`, async () => {
      // Twelve messages: failed, opened, sent in turn, each sent a minute apart; and two never queued.
      const id = await insertCampaign(`Paged ${javaScript} ${mark}`);
      const statuses = ["failed", "opened", "sent"] as const;
      expect(customers.length).toBe(12);
      for (const [i, c] of customers.entries())
        await insertMessage(id, c.id, `job:${900_000 + i}`, {
          status: statuses[i % 3],
          error: i % 3 === 0 ? `550 Mailbox ${i} unavailable` : undefined,
          title: `Job ${i}`,
          sentMinutesAgo: 100 - i,
        });
      await insertMessage(id, customers[0].id, "date:unsent-a", { status: null, title: "Never sent" });
      await insertMessage(id, customers[1].id, "date:unsent-b", { status: null, title: "Never sent" });
      const byName = (
        await query<{ name: string }>(
          `SELECT trim(c.first_name || ' ' || coalesce(c.last_name, '')) AS name FROM campaign_messages m
           JOIN customers c ON c.id = m.customer_id JOIN outbox_messages o ON o.dedupe_key = m.idempotency_key || ':email'
           WHERE m.campaign_id = $1 ORDER BY c.sort_first_name, c.sort_last_name, m.id`,
          [id],
        )
      ).map((r) => r.name);
      const bySent = customers.map((c) => `${c.first_name} ${c.last_name ?? ""}`.trim());

      const page = await adminPage(javaScript);
      await page.goto(`${origin}/communication/custom-campaigns/${id}?tab=emails&pageSize=10`);
      const table = page.getByRole("table", { name: "Emails" });
      await table.waitFor();
      const names = async () => (await table.locator("tbody tr td:first-child").allTextContents()).map((t) => t.trim());
      const counter = page.getByRole("navigation", { name: "Pagination" });
      // By recipient name by default; the unsent are not counted.
      expect(await counter.textContent()).toContain("1-10 of 12 items");
      expect(await names()).toEqual(byName.slice(0, 10));
      // The status filter: 'All' and the channel's statuses, no 'Unsent'.
      expect(await page.locator("#message-status option").allTextContents()).toEqual([
        "All",
        "Sent",
        "Opened",
        "Failed",
      ]);

      // Next page, then sorted by send date (the oldest first, then the newest first).
      await page.getByRole("link", { name: "Next page" }).click();
      await page.waitForURL(/page=2/);
      await counter.getByText("11-12 of 12 items").waitFor();
      expect(await names()).toEqual(byName.slice(10));
      await table.getByRole("link", { name: /Send date/ }).click();
      await page.waitForURL(/sort=sentOn&order=asc/);
      await counter.getByText("1-10 of 12 items").waitFor();
      expect(await names()).toEqual(bySent.slice(0, 10));
      expect(await table.locator("thead th").nth(2).getAttribute("aria-sort")).toBe("ascending");
      await table.getByRole("link", { name: /Send date/ }).click();
      await page.waitForURL(/sort=sentOn&order=desc/);
      await table.locator('thead th[aria-sort="descending"]').waitFor();
      expect(await names()).toEqual([...bySent].reverse().slice(0, 10));

      // Failed only, the sort kept; then All again.
      const filter = page.getByRole("form", { name: "Filter messages" });
      await page.getByLabel("Message Status").selectOption({ label: "Failed" });
      if (!javaScript) await filter.getByRole("button", { name: "Apply" }).click();
      await page.waitForURL(/status=3/);
      await counter.getByText("1-4 of 4 items").waitFor();
      expect(page.url()).toContain("sort=sentOn");
      expect(await names()).toEqual([9, 6, 3, 0].map((i) => bySent[i]));
      expect(await table.getByText("Failed", { exact: true }).count()).toBe(4);
      await table.getByText("550 Mailbox 9 unavailable").waitFor();
      await page.getByLabel("Message Status").selectOption({ label: "All" });
      if (!javaScript) await filter.getByRole("button", { name: "Apply" }).click();
      await page.waitForURL((url) => url.searchParams.get("status") === "");
      await counter.getByText("1-10 of 12 items").waitFor();
    });
  }

  it("answers 404 for another company's campaign", async () => {
    const page = await adminPage(false);
    const response = await page.goto(`${origin}/communication/custom-campaigns/${foreignId}`);
    expect(response?.status()).toBe(404);
  });

  for (const width of [375, 1366] as Width[]) {
    it(`the list and the campaign's page at ${width}px pass axe`, async () => {
      const page = await adminPage(true, width);
      for (const [name, path] of [
        ["list", "/communication?tab=custom-campaigns"],
        ["general", `/communication/custom-campaigns/${detailsId}`],
        ["emails", `/communication/custom-campaigns/${detailsId}?tab=emails`],
        ["delete", `/communication/custom-campaigns/${detailsId}?confirm=delete`],
      ] as const) {
        await page.goto(`${origin}${path}`);
        await page.getByRole("heading", { level: 1 }).waitFor();
        await screenshot(page, `campaign-pages-${name}-${width}`);
        await expectNoA11yViolations(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), name).toBe(true);
      }
    });
  }
});
