import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { bookingRequests, priceListCategories, priceListItems, savedCards } from "~/db/schema";
import { findOpenDays } from "~/models/booking/availability.server";
import { findPublicBookingForm, saveBookingSettings } from "~/models/booking/booking-settings.server";
import { defaultWorkHours } from "~/models/booking/booking.schema";
import { listRequestsPage } from "~/models/booking/requests.server";
import { rulesOf } from "~/models/booking/submission.server";
import { loader as layoutLoader } from "~/routes/portal+/_layout";
import { loader as homeLoader } from "~/routes/portal+/_index";
import { action as cardsAction, loader as cardsLoader } from "~/routes/portal+/cards";
import { loader as estimatesLoader } from "~/routes/portal+/estimates";
import { loader as invoicesLoader } from "~/routes/portal+/invoices";
import { action as requestAction, loader as requestLoader } from "~/routes/portal+/request-work";
import { loader as plansLoader } from "~/routes/portal+/service-plans";
import { loader as visitsLoader } from "~/routes/portal+/visits";
import { useTestDatabase } from "../../helpers/db";
import { accessFor, createTestCompany, makeRequest, runRoute } from "../../helpers/factories";
import { enablePortal, portalCookie, seedPortalCustomer, type SeededCustomer } from "./portal-fixtures";

useTestDatabase();

let companyId: number;
let adminId: number;
let ana: SeededCustomer;
let ben: SeededCustomer;
let cara: SeededCustomer;
let anaCookie: string;

beforeAll(async () => {
  ({ companyId, userId: adminId } = await createTestCompany({ businessName: "Portal Pages Co" }));
  await enablePortal(companyId);
  ana = await seedPortalCustomer(companyId, "Ana");
  ben = await seedPortalCustomer(companyId, "Ben");
  const other = await createTestCompany({ businessName: "Other Portal Co" });
  await enablePortal(other.companyId);
  cara = await seedPortalCustomer(other.companyId, "Cara");
  anaCookie = await portalCookie(ana);
});

type Loader = Parameters<typeof runRoute>[0];
async function read(loader: Loader, path: string, cookie = anaCookie) {
  const response = await runRoute(loader, makeRequest(path, { cookie }));
  return { status: response.status, body: response.status === 200 ? await response.json() : null, response };
}
/** Nothing of another customer or company in an answer: their records all carry their names. */
const onlyAna = (body: unknown) => {
  const text = JSON.stringify(body);
  expect(text).not.toContain("Ben");
  expect(text).not.toContain("Cara");
};

describe("each section shows this customer's records only", () => {
  it("the frame: company, customer, the sections the settings allow, the accent colour", async () => {
    const { status, body, response } = await read(layoutLoader, "/portal/visits");
    expect(status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(body.portal).toMatchObject({
      companyName: "Portal Pages Co",
      customerName: "Ana Portal",
      accent: "#0b6e4f",
    });
    expect(body.portal.sections.map((s: { label: string }) => s.label)).toEqual([
      "Home",
      "Visits",
      "Estimates",
      "Invoices",
      "Service plans",
      "Request work",
      "Cards",
    ]);
  });

  it("home: the welcome, the next visit, the open estimate and the unpaid invoice", async () => {
    const { body } = await read(homeLoader, "/portal");
    expect(body.welcome).toBe("Thanks for choosing us.");
    expect(body.nextVisit.title).toBe("Ana's upcoming tune-up");
    expect(body.estimates.count).toBe(1);
    expect(body.estimates.items[0].title).toMatch(/^Estimate #\d+: Ana's new furnace$/);
    expect(body.invoices).toMatchObject({ count: 1, due: "$100.00" });
    onlyAna(body);
  });

  it("visits: upcoming and past, in the company's zone, each opening its visit page", async () => {
    const { body } = await read(visitsLoader, "/portal/visits");
    expect(body.upcoming.map((v: { title: string }) => v.title)).toEqual(["Ana's upcoming tune-up"]);
    expect(body.past.map((v: { title: string }) => v.title)).toEqual(["Ana's past repair"]);
    expect(body.upcoming[0]).toMatchObject({
      time: "10:00 AM – 12:00 PM",
      address: "12 Ana Street, Asheville, NC",
      status: "Scheduled",
      href: `/service-visit-details/${ana.tokens.job}`,
    });
    onlyAna(body);
  });

  it("estimates: the sent one (not the draft), its status, total and approval link", async () => {
    const { body } = await read(estimatesLoader, "/portal/estimates");
    expect(body.estimates).toHaveLength(1);
    expect(body.estimates[0]).toMatchObject({
      status: "Waiting for your answer",
      total: "$4,500.00",
      open: true,
      href: `/estimate-details/${ana.tokens.estimate}`,
    });
    onlyAna(body);
  });

  it("invoices: the open one with its amount due and the paid one (not the unsent draft)", async () => {
    const { body } = await read(invoicesLoader, "/portal/invoices");
    type Row = { status: string; due: string; paid: boolean; href: string };
    // Made in one statement (the same creation time): newest id first.
    expect(body.invoices.map((i: Row) => [i.status, i.due, i.paid, i.href])).toEqual([
      ["Paid", "$0.00", true, `/invoice-details/${ana.tokens.paidInvoice}`],
      ["Partly paid", "$100.00", false, `/invoice-details/${ana.tokens.invoice}`],
    ]);
    onlyAna(body);
  });

  it("service plans: the customer's plan and its page", async () => {
    const { body } = await read(plansLoader, "/portal/service-plans");
    expect(body.plans).toEqual([
      expect.objectContaining({
        title: "Ana's comfort plan",
        status: "Active",
        href: `/service-plan-details/${ana.tokens.plan}`,
      }),
    ]);
  });

  it("cards: the customer's own card; another's card cannot be confirmed or removed", async () => {
    const { body } = await read(cardsLoader, `/portal/cards?remove=${ben.cardId}`);
    expect(body.cards).toEqual([{ id: ana.cardId, name: "Visa ending in 4242", expires: "04/2031" }]);
    expect(body.confirming).toBeNull();
    for (const card of [ben.cardId, cara.cardId]) {
      const removed = await runRoute(
        cardsAction,
        makeRequest("/portal/cards", {
          method: "POST",
          cookie: anaCookie,
          body: new URLSearchParams({ intent: "remove", paymentMethodId: card }),
        }),
      );
      expect(removed.status).toBe(404);
    }
    const left = await db.select({ id: savedCards.stripePaymentMethodId }).from(savedCards);
    expect(left.map((c) => c.id)).toEqual(expect.arrayContaining([ben.cardId, cara.cardId, ana.cardId]));
  });
});

describe("permissions and sessions", () => {
  it("a section the settings forbid answers 404; the frame leaves it out", async () => {
    await enablePortal(companyId, { canSeeVisits: false, canRequestWork: false, canManageCards: false });
    try {
      expect((await read(visitsLoader, "/portal/visits")).status).toBe(404);
      expect((await read(requestLoader, "/portal/request-work")).status).toBe(404);
      expect((await read(cardsLoader, "/portal/cards")).status).toBe(404);
      const post = await runRoute(
        cardsAction,
        makeRequest("/portal/cards", {
          method: "POST",
          cookie: anaCookie,
          body: new URLSearchParams({ intent: "remove", paymentMethodId: ana.cardId }),
        }),
      );
      expect(post.status).toBe(404);
      const home = await read(homeLoader, "/portal");
      expect(home.status).toBe(200);
      expect(home.body.nextVisit).toBeNull();
      const frame = await read(layoutLoader, "/portal");
      expect(frame.body.portal.sections.map((s: { label: string }) => s.label)).toEqual([
        "Home",
        "Estimates",
        "Invoices",
        "Service plans",
      ]);
    } finally {
      await enablePortal(companyId);
    }
  });

  it("without a portal session a page answers 404; a turned-off portal sends the customer to sign in", async () => {
    expect((await read(homeLoader, "/portal", "")).status).toBe(404);
    await enablePortal(companyId, { isEnabled: false });
    try {
      const { status, response } = await read(estimatesLoader, "/portal/estimates");
      expect(status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/portal/${companyId}/sign-in`);
    } finally {
      await enablePortal(companyId);
    }
  });

  it("another customer's session sees only theirs", async () => {
    const { body } = await read(invoicesLoader, "/portal/invoices", await portalCookie(cara));
    expect(JSON.stringify(body)).toContain(cara.tokens.invoice);
    expect(JSON.stringify(body)).not.toContain(ana.tokens.invoice);
  });
});

describe("request work", () => {
  it("makes a booking request of this customer that the staff's list shows", async () => {
    const { ctx } = await accessFor(adminId);
    const [category] = await db
      .insert(priceListCategories)
      .values({ companyId, categoryName: "Services", type: 1 })
      .returning({ id: priceListCategories.id });
    const [item] = await db
      .insert(priceListItems)
      .values({ companyId, categoryId: category!.id, name: "Tune-up", priceCents: 12900, itemType: 1 })
      .returning({ id: priceListItems.id });
    const formUrl = `portal-pages-${process.pid}`;
    await saveBookingSettings(ctx, {
      formUrl,
      isEnabled: true,
      needsApproval: true,
      durationMinutes: 60,
      leadTimeAmount: 0,
      leadTimeUnit: 0,
      bufferMinutes: 0,
      workHours: defaultWorkHours(),
      serviceAreaRadius: null,
      introText: undefined,
      serviceIds: [item!.id],
    });
    const days = await findOpenDays(companyId, rulesOf((await findPublicBookingForm(formUrl))!));
    const window = days[1]!.windows[0]!;

    const page = await read(requestLoader, "/portal/request-work");
    expect(page.body.kind).toBe("form");
    expect(page.body.values).toMatchObject({ firstName: "Ana", location: "12 Ana Street, Asheville, NC" });

    const body = new FormData();
    const fields = {
      submissionKey: page.body.key,
      serviceId: String(item!.id),
      startTime: window.start.toISOString(),
      ...page.body.values,
      notes: "The heat pump rattles",
    };
    for (const [name, value] of Object.entries(fields)) body.set(name, String(value));
    const posted = await runRoute(
      requestAction,
      makeRequest("/portal/request-work", { method: "POST", cookie: anaCookie, body }),
    );
    expect(posted.status).toBe(303);
    expect(posted.headers.get("Location")).toBe(`/portal/request-work?confirmed=${page.body.key}`);
    const [stored] = await db
      .select()
      .from(bookingRequests)
      .where(and(eq(bookingRequests.companyId, companyId), eq(bookingRequests.submissionKey, page.body.key)));
    expect(stored).toMatchObject({ customerId: ana.customerId, notes: "The heat pump rattles", status: 0 });

    const list = await listRequestsPage(ctx, {
      paging: { pageNumber: 1, pageSize: 20, sortSettings: [] },
      isPastRequest: false,
    });
    expect(list.items.find((r) => r.id === stored!.id)).toMatchObject({ customerName: "Ana Portal" });

    const confirmed = await read(requestLoader, `/portal/request-work?confirmed=${page.body.key}`);
    expect(confirmed.body.request).toMatchObject({ serviceName: "Tune-up" });
    // Another customer cannot read Ana's confirmation by its key.
    const foreign = await read(
      requestLoader,
      `/portal/request-work?confirmed=${page.body.key}`,
      await portalCookie(ben),
    );
    expect(foreign.body.request).toBeNull();
  });
});
