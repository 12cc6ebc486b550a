import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { solidImage } from "../helpers/solid-image";
import { PNG } from "../helpers/tiny-png";
import { baseUrl, expectNoA11yViolations, liveSessionCookie, newPage, screenshot, signIn, type Width } from "./harness";

/*
 * The campaign wizard (issue #17): every step posted with JavaScript off and again on, each message
 * of spec section 5 "Campaign wizard" on its field, the save checked through the API, then the edit.
 * On a company of its own (texts ready, known customers and tags), so counts are exact.
 */

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
let serial = 0;

type World = { cookie: string; companyId: number; vipCount: number; total: number; otherCompanyCampaignId?: number };

async function call(path: string, init: { cookie: string; json?: unknown; form?: URLSearchParams; method?: string }) {
  const headers = new Headers({ Cookie: init.cookie, "X-Forwarded-For": `198.51.100.${(++serial % 200) + 20}` });
  if (init.json !== undefined) headers.set("Content-Type", "application/json");
  const response = await fetch(`${baseUrl()}${path}`, {
    method: init.method ?? (init.json !== undefined || init.form ? "POST" : "GET"),
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.form,
    redirect: "manual",
  });
  if (response.status >= 400) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response;
}

/** A new company whose texts are ready (the super admin's switch), with 12 customers, 5 of them tagged VIP. */
async function makeWorld(): Promise<World> {
  const id = stamp();
  const signUp = await fetch(`${baseUrl()}/api/account/sign-up`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": `198.51.100.${(++serial % 200) + 20}` },
    body: JSON.stringify({
      email: `owner-${id}@campaigns.test`,
      firstName: "Cora",
      lastName: "Campaign",
      phoneNumber: "+17045550177",
      password: "Secret123!",
      businessName: `Wizard HVAC ${id}`,
      industry: 1,
      companySize: 1,
      country: "US",
    }),
    redirect: "manual",
  });
  if (signUp.status >= 300) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers.get("set-cookie")!.split(";")[0]!;
  const companyId = ((await (await call("/api/company", { cookie })).json()) as { data: { id: number } }).data.id;
  await call(`/admin-panel/company-twilio-details/${companyId}`, {
    cookie: await liveSessionCookie("super admin"),
    form: new URLSearchParams({ intent: "messaging", messagingPhoneNumber: "(704) 555-0178", messagingReady: "on" }),
  });
  const tag = async (name: string) =>
    ((await (await call("/api/tags", { cookie, json: { name, type: 0 } })).json()) as { data: { id: number } }).data.id;
  const vip = await tag("VIP");
  const north = await tag("North");
  const names = ["Ava", "Ben", "Cleo", "Dov", "Eli", "Fay", "Gus", "Hal", "Ida", "Jon", "Kim", "Zed"];
  for (const [i, first] of names.entries())
    await call("/api/customers/create", {
      cookie,
      json: {
        firstName: first,
        lastName: `Wizard${i}`,
        ownCompanyName: i === 0 ? "Alpha Inc" : undefined,
        addresses: [{ location: `${i + 1} Main St, Springfield`, isBilling: true }],
        tagIds: i < 5 ? [vip] : i < 8 ? [north] : [],
      },
    });
  return { cookie, companyId, vipCount: 5, total: names.length };
}

let worldPromise: Promise<World> | undefined;
const world = () => (worldPromise ??= makeWorld());

async function signInAs(page: Page, cookie: string) {
  const [name, ...value] = cookie.split("=");
  const { hostname } = new URL(baseUrl());
  await page
    .context()
    .addCookies([{ name, value: value.join("="), domain: hostname, path: "/", httpOnly: true, sameSite: "Lax" }]);
}

const heading = (page: Page, title: string) => page.getByRole("heading", { name: title, level: 2 }).waitFor();
const next = (page: Page) => page.getByRole("button", { name: "Next", exact: true }).click();
/** A message on its field: the control's aria-describedby names it. */
async function expectFieldError(page: Page, label: string | RegExp, message: string) {
  const control = page.getByLabel(label, { exact: typeof label === "string" }).first();
  await page.getByText(message, { exact: true }).first().waitFor();
  const described = (await control.getAttribute("aria-describedby")) ?? "";
  const texts = await Promise.all(
    described
      .split(" ")
      .filter(Boolean)
      .map((id) => page.locator(`[id="${id}"]`).textContent()),
  );
  expect(texts, `${message} on ${label}`).toContain(message);
  expect(await control.getAttribute("aria-invalid")).toBe("true");
}

/** In the company's zone: today and yesterday as YYYY-MM-DD. */
function localDays(timeZone: string) {
  const day = (d: Date) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(d);
  return {
    today: day(new Date()),
    yesterday: day(new Date(Date.now() - 86_400_000)),
    tomorrow: day(new Date(Date.now() + 86_400_000)),
  };
}

/** Types into a field, then (JavaScript on) leaves it, or (off) posts Next: either way the message shows. */
async function typeAndCheck(page: Page, javaScript: boolean, label: string, value: string, message: string) {
  const field = page.getByLabel(label, { exact: true }).first();
  await field.fill(value);
  if (javaScript) await field.blur();
  else await next(page);
  await expectFieldError(page, label, message);
}

for (const javaScript of [false, true]) {
  const mode = javaScript ? "js" : "nojs";
  test(
    `the whole wizard creates a campaign, then edits it (JavaScript ${javaScript ? "on" : "off"})`,
    { timeout: 240_000 },
    async () => {
      const w = await world();
      const page = await newPage({ javaScript });
      await signInAs(page, w.cookie);
      const name = `Thank you ${mode} ${stamp()}`;

      await page.goto("/communication/custom-campaigns/new");
      await page.getByRole("heading", { name: "Add Campaign", level: 1 }).waitFor();
      expect(await page.getByText("Set up new Automated notificaion").isVisible()).toBe(true);
      expect(await page.getByRole("link", { name: "‹ Communications" }).getAttribute("href")).toBe(
        "/communication?tab=custom-campaigns",
      );
      expect(await page.getByRole("list", { name: "Steps" }).getByRole("listitem").allTextContents()).toEqual([
        "Campaign name",
        "Trigger",
        "Channel",
        "Message & Preview",
        "Target audience",
        "Review",
      ]);
      expect(await page.getByText("Please, complete all steps of the custom campaign.").isVisible()).toBe(true);

      // 1 Campaign name
      await next(page);
      await expectFieldError(page, "Campaign name", "This field cannot remain empty");
      await typeAndCheck(page, javaScript, "Campaign name", "a", "Name is too short - should be 2 chars minimum");
      await typeAndCheck(
        page,
        javaScript,
        "Campaign name",
        "n".repeat(201),
        "Name is too long - should be 200 chars maximum",
      );
      await page.getByLabel("Campaign name", { exact: true }).fill(name);
      await expectNoA11yViolations(page);
      await screenshot(page, `campaign-wizard-1-name-${mode}`);
      await next(page);

      // 2 Trigger: the spec's default is a specific date and time.
      await heading(page, "Trigger");
      const hint = await page.getByText(/Messages go out at 10:00 am in the company's time zone/).textContent();
      const timeZone = /\(([^)]+)\)/.exec(hint ?? "")![1];
      const days = localDays(timeZone);
      expect(await page.getByLabel("On a specific date and time").isChecked()).toBe(true);
      await next(page);
      await expectFieldError(page, "Date", "Date is required");
      await expectFieldError(page, "Time", "Time is required");
      await page.getByLabel("Date", { exact: true }).fill(days.yesterday);
      await page.getByLabel("Time", { exact: true }).fill("10:00 am");
      if (!javaScript) await next(page);
      await expectFieldError(page, "Date", "Date should be in future");
      await page.getByLabel("Date", { exact: true }).fill(days.today);
      await page.getByLabel("Time", { exact: true }).fill("12:00 am");
      if (javaScript) await page.getByLabel("Time", { exact: true }).blur();
      else await next(page);
      await expectFieldError(page, "Time", "Time should be in future");
      await expectNoA11yViolations(page);

      // After the job was finished: the delay's limits per type.
      await page.getByLabel("After the Job was finished").check();
      const delay = page.getByLabel("Delay", { exact: true });
      const delayType = page.getByLabel("Delay type", { exact: true });
      if (javaScript) {
        // The switch cleared the date and time; back to a specific date resets the delay to 1 day.
        await delay.fill("7");
        await delayType.selectOption({ label: "Weeks" });
        await page.getByLabel("On a specific date and time").check();
        expect(await page.getByLabel("Date", { exact: true }).inputValue()).toBe("");
        await page.getByLabel("After the Job was finished").check();
        expect(await delay.inputValue()).toBe("1");
        expect(await delayType.inputValue()).toBe("0");
      } else {
        // Posted with a specific date, a typed delay comes back as 1 day.
        await page.getByLabel("On a specific date and time").check();
        await delay.fill("7");
        await next(page);
        await heading(page, "Trigger");
        expect(await delay.inputValue()).toBe("1");
        await page.getByLabel("After the Job was finished").check();
      }
      await typeAndCheck(page, javaScript, "Delay", "0", "The value must be a positive number");
      for (const [type, over, limit] of [
        ["Days", "61", 60],
        ["Weeks", "49", 48],
        ["Months", "25", 24],
      ] as const) {
        await delayType.selectOption({ label: type });
        await typeAndCheck(page, javaScript, "Delay", over, `The value must not be greater than ${limit}`);
      }
      await delayType.selectOption({ label: "Days" });
      await delay.fill("3");
      await page.getByLabel("Send immediately", { exact: true }).check();
      if (javaScript) {
        expect(await delay.isDisabled()).toBe(true);
        expect(await delayType.isDisabled()).toBe(true);
      }
      await expectNoA11yViolations(page);
      await screenshot(page, `campaign-wizard-2-trigger-${mode}`);
      await next(page);
      if (!javaScript) {
        // The job trigger posted: its date and time were cleared.
        await heading(page, "Channel");
        await page.getByRole("button", { name: "Back" }).click();
        await heading(page, "Trigger");
        expect(await page.getByLabel("Date", { exact: true }).inputValue()).toBe("");
        expect(await page.getByLabel("Send immediately", { exact: true }).isChecked()).toBe(true);
        await next(page);
      }

      // 3 Channel
      await heading(page, "Channel");
      expect(await page.getByLabel("Email", { exact: true }).isChecked()).toBe(true);
      await page.getByLabel("Email", { exact: true }).uncheck();
      await next(page);
      await page.getByText("Choose how the campaign is sent").waitFor();
      await page.getByLabel("Email", { exact: true }).check();
      await page.getByLabel("Text", { exact: true }).check();
      await expectNoA11yViolations(page);
      await next(page);

      // 4 Message & Preview
      await heading(page, "Message & Preview");
      await next(page);
      await expectFieldError(page, "Subject", "Subject is too short - should be 2 chars minimum");
      await expectFieldError(page, "Email message", "This field cannot remain empty");
      await expectFieldError(page, "Text message", "Message text is too short - should be 2 chars minimum");
      await typeAndCheck(
        page,
        javaScript,
        "Subject",
        "s".repeat(101),
        "Subject is too long - should be 100 chars maximum",
      );
      await typeAndCheck(
        page,
        javaScript,
        "Email message",
        "x",
        "Email message is too short - should be 2 chars minimum",
      );
      await typeAndCheck(
        page,
        javaScript,
        "Text message",
        "t".repeat(321),
        "Message text is too long - should be 320 chars maximum",
      );
      await page.getByLabel("Text message", { exact: true }).fill("t".repeat(170));
      if (!javaScript) await page.getByRole("button", { name: "Update Preview" }).click();
      await page.getByText(/2 segments \(170 characters/).waitFor();
      expect(
        await page
          .getByText(/160 characters are recommended for one message; a portal link may use up to 80/)
          .isVisible(),
      ).toBe(true);
      await page.getByLabel("Subject", { exact: true }).fill("Thanks, {{customer_first_name}}");
      await page.getByLabel("Email message", { exact: true }).fill("We hope {{company_name}} did well.");
      await page.getByLabel("Text message", { exact: true }).fill("Hi {{customer_first_name}}, how was your visit?");
      // An image over 10 MB is refused with the spec's message, the typed texts kept.
      await page.getByLabel("Image for the email").setInputFiles({
        name: "huge.png",
        mimeType: "image/png",
        buffer: Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 10)]),
      });
      await page.getByRole("button", { name: "Add image" }).click();
      await page.getByText("The image file size cannot exceed 10 MB.").waitFor();
      expect(await page.getByLabel("Subject", { exact: true }).inputValue()).toBe("Thanks, {{customer_first_name}}");
      await page.getByLabel("Image for the email").setInputFiles({
        name: "banner.png",
        mimeType: "image/png",
        buffer: await solidImage(240, 80),
      });
      await page.getByRole("button", { name: "Add image" }).click();
      const emailPreview = page.getByRole("figure", { name: "Email preview" });
      await emailPreview.locator('img[src*="/files/"][src*="/campaign-images/"]').waitFor();
      expect(await page.getByLabel("Email message", { exact: true }).inputValue()).toMatch(
        /^We hope \{\{company_name\}\} did well\.\n\n!\[image\]\(\/files\/\d+\/campaign-images\/[\w-]+\.png\)$/,
      );
      await page
        .getByRole("figure", { name: "Text message preview" })
        .getByText("Hi John, how was your visit?")
        .waitFor();
      expect(await emailPreview.getByText("Thanks, John").isVisible()).toBe(true);
      // The company's brand in the preview (spec section 9: 'PREVIEW', 'Powered by').
      expect(await emailPreview.getByText("PREVIEW", { exact: true }).isVisible()).toBe(true);
      expect(await emailPreview.getByText(/Powered by/).isVisible()).toBe(true);
      await expectNoA11yViolations(page);
      await screenshot(page, `campaign-wizard-4-message-${mode}`);
      await next(page);

      // 5 Target audience: check all by default, so everyone.
      await heading(page, "Target audience");
      const count = page.locator("#campaign-count");
      await count.getByText(`${w.total} customers selected`).waitFor();
      expect(await page.getByLabel("Check all", { exact: true }).isChecked()).toBe(true);
      const include = page.getByLabel("Include customers tagged");
      const exclude = page.getByLabel("Exclude customers tagged");
      await include.selectOption({ label: "VIP" });
      await exclude.selectOption({ label: "VIP" });
      if (javaScript) await exclude.blur();
      else await next(page);
      await expectFieldError(page, "Exclude customers tagged", "A tag cannot be both included and excluded");
      await exclude.selectOption([]);
      if (!javaScript) await page.getByRole("button", { name: "Search" }).click();
      await count.getByText(`${w.vipCount} customers selected`).waitFor();
      // Unticking check all leaves nobody.
      await page.getByLabel("Check all", { exact: true }).uncheck();
      if (javaScript) await count.getByText("0 customers selected").waitFor();
      await next(page);
      await page.getByText("At least 1 customer should be selected").waitFor();
      await count.getByText("0 customers selected").waitFor();
      // Without check all a ticked customer is taken in; then check all again minus one.
      await page.getByLabel("Select Ava Wizard0").check();
      if (!javaScript) await page.getByRole("button", { name: "Search" }).click();
      await count.getByText("1 customer selected").waitFor();
      await page.getByLabel("Check all", { exact: true }).check();
      if (!javaScript) await page.getByRole("button", { name: "Search" }).click();
      await count.getByText(`${w.vipCount} customers selected`).waitFor();
      if (javaScript) {
        // Typed key by key, the search posts once, 300 ms after the last key (spec section 9).
        const posts: { at: number; body: string }[] = [];
        page.on("request", (r) => {
          if (r.method() === "POST") posts.push({ at: Date.now(), body: r.postData() ?? "" });
        });
        const search = page.getByLabel("Search customers");
        // Each key's time is taken before it goes down: a post comes at least 300 ms after the last one.
        const keys: number[] = [];
        for (const key of "Ben") {
          keys.push(Date.now());
          await search.press(key);
        }
        await page.getByText("Page 1 of 1 (1 customer)").waitFor();
        expect(posts.length).toBeGreaterThan(0);
        for (const post of posts)
          expect(post.at - Math.max(...keys.filter((k) => k <= post.at))).toBeGreaterThanOrEqual(280);
        const searched = (text: string) =>
          posts.filter((p) => new RegExp(`name="search"\\r\\n\\r\\n${text}\\r\\n|search=${text}(&|$)`).test(p.body));
        expect(searched("Ben")).toHaveLength(1);
        expect(searched("B")).toHaveLength(0);
        await search.fill("");
        await page.getByText(`Page 1 of 1 (${w.vipCount} customers)`).waitFor();
      }
      // The search starts at 2 characters.
      await page.getByLabel("Search customers").fill("E");
      if (!javaScript) await page.getByRole("button", { name: "Search" }).click();
      await page.getByText(`Page 1 of 1 (${w.vipCount} customers)`).waitFor();
      await page.getByLabel("Search customers").fill("Eli");
      if (!javaScript) await page.getByRole("button", { name: "Search" }).click();
      await page.getByText("Page 1 of 1 (1 customer)").waitFor();
      await page.getByLabel("Select Eli Wizard4").uncheck();
      if (!javaScript) await page.getByRole("button", { name: "Search" }).click();
      await count.getByText(`${w.vipCount - 1} customers selected`).waitFor();
      expect(await page.getByRole("cell", { name: "5 Main St, Springfield" }).isVisible()).toBe(true);
      await expectNoA11yViolations(page);
      await screenshot(page, `campaign-wizard-5-audience-${mode}`);
      await next(page);

      // 6 Review
      await heading(page, "Review");
      const review = page.locator(".campaign-review");
      for (const text of [
        name,
        "After the Job was finished",
        "Immediately after the job was finished",
        "Email and text",
        `${w.vipCount - 1} customers`,
        "Include tags: VIP",
        "except 1 customer",
      ])
        expect(await review.getByText(text, { exact: true }).isVisible(), text).toBe(true);
      await expectNoA11yViolations(page);
      await screenshot(page, `campaign-wizard-6-review-${mode}`);
      await page.getByRole("button", { name: javaScript ? "Save and set live" : "Save as inactive" }).click();
      await page.waitForURL(/\/communication\?tab=custom-campaigns$/);
      await page.getByText("Custom campaign successfully created!").first().waitFor();

      // The stored campaign, through the API.
      const list = (await (await call("/api/follow-up-campaigns/page?pageSize=100", { cookie: w.cookie })).json()) as {
        items: { id: number; name: string }[];
      };
      const id = list.items.find((c) => c.name === name)!.id;
      type Stored = {
        isActive: boolean;
        triggerEvent: number;
        delayValue: number;
        sendImmediately: boolean;
        channel: number;
        subject: string;
        message: string;
        smsMessage: string;
        targetAudienceFilters: { includeTags: { label: string }[]; excludeTags: unknown[] };
        excludeCustomerIds: number[];
        includeCustomerIds: number[];
        selectedCustomersNumber: number;
      };
      const read = async () =>
        (await (await call(`/api/follow-up-campaigns/${id}`, { cookie: w.cookie })).json()) as {
          data?: Stored;
        } & Stored;
      const body = await read();
      const stored = body.data ?? body;
      expect(stored).toMatchObject({
        isActive: javaScript,
        triggerEvent: 0,
        delayValue: 0,
        sendImmediately: true,
        channel: 3,
        subject: "Thanks, {{customer_first_name}}",
        smsMessage: "Hi {{customer_first_name}}, how was your visit?",
        selectedCustomersNumber: w.vipCount - 1,
        includeCustomerIds: [],
      });
      expect(stored.message).toMatch(/!\[image\]\(\/files\/\d+\/campaign-images\//);
      expect(stored.targetAudienceFilters.includeTags.map((t) => t.label)).toEqual(["VIP"]);
      expect(stored.excludeCustomerIds).toHaveLength(1);

      // Edit: a delay of 0 shows 1 with Send immediately ticked.
      await page.goto(`/communication/custom-campaigns/${id}/edit`);
      await page.getByRole("heading", { name: "Edit Campaign", level: 1 }).waitFor();
      expect(await page.getByText("Update Automated notification").isVisible()).toBe(true);
      expect(await page.getByLabel("Campaign name", { exact: true }).inputValue()).toBe(name);
      await page.getByLabel("Campaign name", { exact: true }).fill(`${name} edited`);
      await next(page);
      await heading(page, "Trigger");
      expect(await page.getByLabel("After the Job was finished").isChecked()).toBe(true);
      expect(await page.getByLabel("Delay", { exact: true }).inputValue()).toBe("1");
      expect(await page.getByLabel("Send immediately", { exact: true }).isChecked()).toBe(true);
      await page.getByLabel("Send immediately", { exact: true }).uncheck();
      await page.getByLabel("Delay", { exact: true }).fill("2");
      await page.getByLabel("Delay type", { exact: true }).selectOption({ label: "Weeks" });
      for (const title of ["Channel", "Message & Preview", "Target audience", "Review"]) {
        await next(page);
        await heading(page, title);
      }
      await page.locator(".campaign-review").getByText("2 weeks after the job was finished, at 10:00 AM").waitFor();
      await page.getByRole("button", { name: "Save and set live" }).click();
      await page.waitForURL(/\/communication\?tab=custom-campaigns$/);
      await page.getByText("Custom campaign successfully updated!").first().waitFor();
      const edited = await read();
      expect(edited.data ?? edited).toMatchObject({
        isActive: true,
        delayValue: 2,
        delayType: 1,
        sendImmediately: false,
        selectedCustomersNumber: w.vipCount - 1,
      });
    },
  );
}

for (const width of [375, 1366] as Width[]) {
  test(
    `a specific-date campaign at ${width}px: each step passes axe and fits the window`,
    { timeout: 150_000 },
    async () => {
      const w = await world();
      const page = await newPage({ javaScript: true, width });
      await signInAs(page, w.cookie);
      const name = `Holiday ${width} ${stamp()}`;
      const fits = async (step: string) => {
        await expectNoA11yViolations(page);
        await screenshot(page, `campaign-wizard-${width}-${step}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), step).toBe(true);
      };
      await page.goto("/communication/custom-campaigns/new");
      await page.getByLabel("Campaign name", { exact: true }).fill(name);
      await fits("name");
      await next(page);
      await heading(page, "Trigger");
      const hint = await page
        .getByText(/company's time zone/)
        .first()
        .textContent();
      const days = localDays(/\(([^)]+)\)/.exec(hint ?? "")![1]);
      await page.getByLabel("Date", { exact: true }).fill(days.tomorrow);
      await page.getByLabel("Time", { exact: true }).fill("09:30 am");
      await fits("trigger");
      await next(page);
      await heading(page, "Channel");
      await fits("channel");
      await next(page);
      await heading(page, "Message & Preview");
      await page.getByLabel("Subject", { exact: true }).fill("Happy holidays");
      await page.getByLabel("Email message", { exact: true }).fill("Our office is closed on Friday.");
      await fits("message");
      await next(page);
      await heading(page, "Target audience");
      await page.locator("#campaign-count").getByText(`${w.total} customers selected`).waitFor();
      await fits("audience");
      await next(page);
      await heading(page, "Review");
      await page
        .locator(".campaign-review")
        .getByText(/at 9:30 AM/)
        .waitFor();
      await fits("review");
      await page.getByRole("button", { name: "Save and set live" }).click();
      await page.getByText("Custom campaign successfully created!").first().waitFor();
    },
  );
}

test("another company's campaign is not found, and the demo company's wizard opens", { timeout: 90_000 }, async () => {
  const w = await world();
  const list = (await (await call("/api/follow-up-campaigns/page?pageSize=1", { cookie: w.cookie })).json()) as {
    items: { id: number }[];
  };
  const page = await newPage({ javaScript: false });
  await signIn(page, "company admin");
  if (list.items[0]) {
    const response = await page.goto(`/communication/custom-campaigns/${list.items[0].id}/edit`);
    expect(response?.status()).toBe(404);
  }
  await page.goto("/communication/custom-campaigns/new");
  await page.getByRole("heading", { name: "Add Campaign", level: 1 }).waitFor();
  // The demo company's texts are not set up: only email, and why.
  await page.getByLabel("Campaign name", { exact: true }).fill("Demo check");
  await next(page);
  await heading(page, "Trigger");
  await page.getByLabel("After the Job was finished").check();
  await next(page);
  await heading(page, "Channel");
  expect(await page.getByLabel("Text", { exact: true }).count()).toBe(0);
  expect(
    await page.getByText("Text messages can be sent once the company's Twilio account is fully set up").isVisible(),
  ).toBe(true);
});
