// The office side of booking requests: the lists (paging, sort, past flag), the counter, assigning,
// marking bad and past, editing, deleting, and converting to a job or an estimate with the answers
// carried over, through the screens' forms (JavaScript off) and the /api calls.
import { and, asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/db.server";
import {
  bookingRequestPhotos,
  bookingRequests,
  bookingRequestTimelineEvents,
  customerAddresses,
  customers,
  estimateLineItems,
  estimates,
  jobAttachments,
  jobEmployees,
  jobLineItems,
  jobs,
  priceListCategories,
  priceListItems,
} from "~/db/schema";
import { BookingRequestEvent, QuestionType } from "~/models/booking/booking.schema";
import { countNewRequests } from "~/models/booking/request-counter.server";
import { convertRequestToJob } from "~/models/booking/request-conversion.server";
import { action as detailsAction, loader as detailsLoader } from "~/routes/_app+/booking-requests+/$id";
import { loader as listLoader } from "~/routes/_app+/booking-requests+/_index";
import { loader as pastLoader } from "~/routes/_app+/booking-requests+/past";
import { loader as pageApi } from "~/routes/api+/booking-requests+/page";
import { loader as counterApi } from "~/routes/api+/booking-requests+/new-counter";
import { action as requestApi, loader as requestGetApi } from "~/routes/api+/booking-requests+/$id";
import { action as assignApi } from "~/routes/api+/booking-requests+/$id_.assign-customer.$customerId";
import { action as badApi } from "~/routes/api+/booking-requests+/$id_.bad-request";
import { action as pastApi } from "~/routes/api+/booking-requests+/$id_.past-request";
import { notifyCompany, RealtimeEvent } from "~/services/realtime/index.server";
import { readStoredFile, saveFile } from "~/services/storage.server";
import { Role } from "~/access/roles";
import { createTestUser, sessionCookie } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { PNG } from "../../helpers/tiny-png";
import { formPost, jobsFixture, run, type JobsFixture } from "../jobs/fixtures";

vi.mock("~/services/realtime/index.server", async (original) => ({
  ...(await original<typeof import("~/services/realtime/index.server")>()),
  notifyCompany: vi.fn(),
}));

useTestDatabase();
beforeEach(() => vi.mocked(notifyCompany).mockClear());

let seq = 0;
/** A stored request as the public form leaves it (status new), with a question of each kind answered. */
async function seedRequest(f: JobsFixture, values: Partial<typeof bookingRequests.$inferInsert> = {}) {
  seq += 1;
  const start = new Date(Date.UTC(2031, 0, 10 + seq, 15));
  const [row] = await db
    .insert(bookingRequests)
    .values({
      companyId: f.companyId,
      startTime: start,
      endTime: new Date(start.getTime() + 2 * 3600_000),
      timezone: "America/New_York",
      employeeId: f.techId,
      firstName: `Rita${seq}`,
      lastName: "Booker",
      email: `rita${seq}@example.com`,
      phone: "(704) 555-01" + String(10 + seq).slice(-2),
      location: "9 Elm St, Springfield",
      unitNumber: "2B",
      notes: "Gate code 1234",
      answers: [
        { questionId: 1, type: QuestionType.Dropdown, label: "System type", value: "Heat pump" },
        { questionId: 2, type: QuestionType.Checkbox, label: "Symptoms", value: ["Noisy", "No heat"] },
        { questionId: 4, type: QuestionType.Date, label: "Since when?", value: "2031-01-02" },
        { questionId: 3, type: QuestionType.UploadImage, label: "Photo of the unit", value: null },
      ],
      submissionKey: `key-${seq}-0123456789abcdef`,
      ...values,
    })
    .returning();
  await db
    .insert(bookingRequestTimelineEvents)
    .values({ companyId: f.companyId, requestId: row.id, type: BookingRequestEvent.Received, actorType: 2 });
  return row;
}

/** The customer's answer to the photo question (3): PNG stored as unit.png. */
async function attachPhoto(f: JobsFixture, requestId: number) {
  const photo = await saveFile({ companyId: f.companyId, folder: "booking-photos", extension: "png", data: PNG });
  await db.insert(bookingRequestPhotos).values({
    companyId: f.companyId,
    requestId,
    questionId: 3,
    storageKey: photo.key,
    fileUrl: photo.url,
    fileName: "unit.png",
    contentType: "image/png",
    sizeBytes: photo.size,
  });
  return photo;
}

const post = (cookie: string, id: number, fields: Record<string, string>) =>
  run(detailsAction, `/booking-requests/${id}`, { cookie, ...formPost(fields) }, { id: String(id) });
const requestRow = async (id: number) => (await db.select().from(bookingRequests).where(eq(bookingRequests.id, id)))[0];
const events = async (id: number) =>
  (
    await db
      .select({ type: bookingRequestTimelineEvents.type })
      .from(bookingRequestTimelineEvents)
      .where(eq(bookingRequestTimelineEvents.requestId, id))
      .orderBy(asc(bookingRequestTimelineEvents.id))
  ).map((e) => e.type);
const lastCount = () => {
  const calls = vi.mocked(notifyCompany).mock.calls.filter((c) => c[1] === RealtimeEvent.NewBookingRequestCounter);
  return calls.at(-1)?.[2];
};

async function priceItem(f: JobsFixture) {
  const [category] = await db
    .insert(priceListCategories)
    .values({ companyId: f.companyId, categoryName: `Services ${seq}`, type: 1 })
    .returning();
  const [item] = await db
    .insert(priceListItems)
    .values({
      companyId: f.companyId,
      categoryId: category.id,
      name: "Furnace tune-up",
      priceCents: 12_900,
      costCents: 4_000,
      itemType: 1,
      isTaxable: true,
    })
    .returning();
  return item;
}

describe("the lists", () => {
  it("pages and sorts the open list, keeps past requests apart, and the API reads both", async () => {
    const f = await jobsFixture();
    const cookie = await sessionCookie(f.adminId);
    const a = await seedRequest(f, { firstName: "Zed", createdAt: new Date("2030-01-01T10:00:00Z") });
    const b = await seedRequest(f, { firstName: "Amy", createdAt: new Date("2030-01-03T10:00:00Z") });
    const c = await seedRequest(f, { firstName: "Moe", createdAt: new Date("2030-01-02T10:00:00Z") });
    const past = await seedRequest(f, { firstName: "Old", isPast: true });

    const list = await run(listLoader, "/booking-requests?pageSize=10", { cookie });
    const listed = (await list.json()) as { page: { items: Array<{ id: number }>; total: number } };
    expect(listed.page.total).toBe(3);
    expect(listed.page.items.map((r) => r.id)).toEqual([b.id, c.id, a.id]);

    const byName = await run(listLoader, "/booking-requests?sort=customerName&order=asc&pageSize=10&page=1", {
      cookie,
    });
    expect(((await byName.json()) as typeof listed).page.items.map((r) => r.id)).toEqual([b.id, c.id, a.id]);

    const pastPage = (await (await run(pastLoader, "/booking-requests/past", { cookie })).json()) as typeof listed;
    expect(pastPage.page.items.map((r) => r.id)).toEqual([past.id]);

    const api = await run(
      pageApi,
      "/api/booking-requests/page?pagingSettings.pageNumber=2&pagingSettings.pageSize=2&pagingSettings.sortSettings[0].fieldName=customerName&pagingSettings.sortSettings[0].descending=true",
      { cookie },
    );
    expect(api.status).toBe(200);
    const body = (await api.json()) as { items: Array<{ id: number }>; total: number; pageNumber: number };
    expect(body).toMatchObject({ total: 3, pageNumber: 2 });
    expect(body.items.map((r) => r.id)).toEqual([b.id]);
    const apiPast = (await (
      await run(pageApi, "/api/booking-requests/page?isPastRequest=true", { cookie })
    ).json()) as {
      items: Array<{ id: number }>;
    };
    expect(apiPast.items.map((r) => r.id)).toEqual([past.id]);
  });

  it("counts new requests only (not viewed, not past); opening one marks it viewed and publishes the count", async () => {
    const f = await jobsFixture();
    const cookie = await sessionCookie(f.adminId);
    const first = await seedRequest(f);
    await seedRequest(f);
    await seedRequest(f, { isPast: true });
    await seedRequest(f, { status: 3 });
    const counter = await run(counterApi, "/api/booking-requests/new-counter", { cookie });
    expect(await counter.json()).toEqual({ count: 2 });

    const page = await run(detailsLoader, `/booking-requests/${first.id}`, { cookie }, { id: String(first.id) });
    expect(page.status).toBe(200);
    const row = await requestRow(first.id);
    expect(row.status).toBe(1);
    expect(row.viewedAt).not.toBeNull();
    expect(await events(first.id)).toEqual([BookingRequestEvent.Received, BookingRequestEvent.Viewed]);
    expect(await countNewRequests(f.companyId)).toBe(1);
    expect(lastCount()).toEqual({ count: 1 });

    // Opening it again changes nothing.
    vi.mocked(notifyCompany).mockClear();
    await run(detailsLoader, `/booking-requests/${first.id}`, { cookie }, { id: String(first.id) });
    expect(await events(first.id)).toHaveLength(2);
    expect(lastCount()).toBeUndefined();
  });
});

describe("what the office does with a request", () => {
  it("assigns an existing customer (API), refuses another company's, creates one from the request (form)", async () => {
    const f = await jobsFixture();
    const other = await jobsFixture();
    const cookie = await sessionCookie(f.adminId);
    const r = await seedRequest(f);
    const assign = (customerId: number) =>
      run(
        assignApi,
        `/api/booking-requests/${r.id}/assign-customer/${customerId}`,
        { cookie, method: "PATCH" },
        { id: String(r.id), customerId: String(customerId) },
      );
    expect((await assign(other.customerId)).status).toBe(404);
    expect((await requestRow(r.id)).customerId).toBeNull();
    const ok = await assign(f.customerId);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { data: { customerId: number; customerName: string } }).data).toMatchObject({
      customerId: f.customerId,
      customerName: "Grace Hopper",
    });
    expect(await events(r.id)).toContain(BookingRequestEvent.CustomerAssigned);

    const fresh = await seedRequest(f, { firstName: "Nina", lastName: "New", email: "nina@example.com" });
    const created = await post(cookie, fresh.id, { intent: "newCustomer" });
    expect(created.status).toBe(302);
    const customerId = (await requestRow(fresh.id)).customerId!;
    const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
    expect(customer).toMatchObject({ firstName: "Nina", lastName: "New", email: "nina@example.com" });
    expect(customer.mainPhoneNumber).toMatch(/^\+1704555/);
    expect(customer.searchText).toContain("nina");
    const addresses = await db.select().from(customerAddresses).where(eq(customerAddresses.customerId, customerId));
    expect(addresses).toMatchObject([{ location: "9 Elm St, Springfield", unitNumber: "2B", isBilling: true }]);
  });

  it("marks bad and past (API), edits with field errors, and deletes with its photos (form)", async () => {
    const f = await jobsFixture();
    const cookie = await sessionCookie(f.adminId);
    const r = await seedRequest(f);
    const bad = await run(
      badApi,
      `/api/booking-requests/${r.id}/bad-request`,
      { cookie, method: "PATCH" },
      {
        id: String(r.id),
      },
    );
    expect(bad.status).toBe(200);
    expect((await requestRow(r.id)).status).toBe(3);
    expect(lastCount()).toEqual({ count: 0 });
    const past = await run(
      pastApi,
      `/api/booking-requests/${r.id}/past-request`,
      { cookie, method: "PATCH" },
      {
        id: String(r.id),
      },
    );
    expect(((await past.json()) as { data: { isPast: boolean } }).data.isPast).toBe(true);

    const refused = await run(
      requestApi,
      `/api/booking-requests/${r.id}`,
      { cookie, method: "PUT", json: { firstName: "", location: "x", email: "nope" } },
      { id: String(r.id) },
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      errors: { firstName: "First Name is required", email: "Incorrect email format" },
    });
    const edited = await run(
      requestApi,
      `/api/booking-requests/${r.id}`,
      { cookie, method: "PUT", json: { firstName: "Rita", lastName: "Fixed", location: "10 Oak St", status: 4 } },
      { id: String(r.id) },
    );
    expect(edited.status).toBe(200);
    expect(await requestRow(r.id)).toMatchObject({ lastName: "Fixed", location: "10 Oak St", status: 4, email: null });
    expect(await events(r.id)).toEqual([
      BookingRequestEvent.Received,
      BookingRequestEvent.MarkedBad,
      BookingRequestEvent.MarkedPast,
      BookingRequestEvent.Edited,
    ]);
    const got = await run(requestGetApi, `/api/booking-requests/${r.id}`, { cookie }, { id: String(r.id) });
    expect(((await got.json()) as { data: { submissionKey?: string } }).data.submissionKey).toBeUndefined();

    const photo = await attachPhoto(f, r.id);
    const deleted = await post(cookie, r.id, { intent: "delete" });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/booking-requests");
    expect(await requestRow(r.id)).toBeUndefined();
    expect(await readStoredFile(photo.key)).toBeNull();
  });
});

describe("converting", () => {
  it("makes a job with a new customer, the service line, the window, the employee, the answers and the photos", async () => {
    const f = await jobsFixture();
    const cookie = await sessionCookie(f.adminId);
    const item = await priceItem(f);
    const r = await seedRequest(f, { priceListItemId: item.id, serviceName: "Furnace tune-up", firstName: "Joan" });
    const photo = await attachPhoto(f, r.id);

    const converted = await post(cookie, r.id, { intent: "toJob" });
    expect(converted.status).toBe(302);
    const stored = await requestRow(r.id);
    expect(stored.status).toBe(5);
    expect(converted.headers.get("Location")).toBe(`/jobs/${stored.jobId}`);
    const [job] = await db.select().from(jobs).where(eq(jobs.id, stored.jobId!));
    expect(job).toMatchObject({
      bookingRequestId: r.id,
      customerId: stored.customerId,
      name: "Furnace tune-up",
      startTime: r.startTime,
      endTime: r.endTime,
      status: 1,
      subtotalCents: 12_900,
    });
    expect(job.description).toBe(
      "Gate code 1234\n\nSystem type: Heat pump\nSymptoms: Noisy, No heat\nSince when? 2031-01-02",
    );
    const lines = await db.select().from(jobLineItems).where(eq(jobLineItems.jobId, job.id));
    expect(lines).toMatchObject([{ name: "Furnace tune-up", priceListItemId: item.id, unitPriceCents: 12_900 }]);
    const assigned = await db.select().from(jobEmployees).where(eq(jobEmployees.jobId, job.id));
    expect(assigned.map((e) => e.userId)).toEqual([f.techId]);
    const files = await db.select().from(jobAttachments).where(eq(jobAttachments.jobId, job.id));
    expect(files).toMatchObject([{ fileName: "unit.png", contentType: "image/png" }]);
    expect(files[0].storageKey).not.toBe(photo.key);
    expect((await readStoredFile(files[0].storageKey))?.data.equals(PNG)).toBe(true);
    const [customer] = await db.select().from(customers).where(eq(customers.id, stored.customerId!));
    expect(customer.firstName).toBe("Joan");
    expect(await events(r.id)).toEqual([
      BookingRequestEvent.Received,
      BookingRequestEvent.CustomerAssigned,
      BookingRequestEvent.ConvertedToJob,
    ]);

    const again = await post(cookie, r.id, { intent: "toEstimate" });
    expect(again.status).toBe(422);
    expect(await again.json()).toMatchObject({ errors: { _global: "This request was already converted" } });
  });

  it("makes an estimate for the assigned customer at their property (status 6)", async () => {
    const f = await jobsFixture();
    const cookie = await sessionCookie(f.adminId);
    const item = await priceItem(f);
    const r = await seedRequest(f, {
      priceListItemId: item.id,
      customerId: f.customerId,
      location: "1 Main St, Springfield",
    });
    const converted = await post(cookie, r.id, { intent: "toEstimate" });
    const stored = await requestRow(r.id);
    expect(stored.status).toBe(6);
    expect(converted.headers.get("Location")).toBe(`/estimates/${stored.estimateId}`);
    const [estimate] = await db.select().from(estimates).where(eq(estimates.id, stored.estimateId!));
    expect(estimate).toMatchObject({
      bookingRequestId: r.id,
      customerId: f.customerId,
      customerAddressId: f.addressId,
      totalCents: 12_900,
    });
    expect(estimate.description).toContain("Symptoms: Noisy, No heat");
    const lines = await db.select().from(estimateLineItems).where(eq(estimateLineItems.estimateId, estimate.id));
    expect(lines.map((l) => l.name)).toEqual(["Furnace tune-up"]);
    expect(await events(r.id)).toEqual([BookingRequestEvent.Received, BookingRequestEvent.ConvertedToEstimate]);
  });

  it("converts without a person (the public form's jobs at once) and matches a customer by email", async () => {
    const f = await jobsFixture();
    await db.update(customers).set({ email: "grace@example.com" }).where(eq(customers.id, f.customerId));
    const r = await seedRequest(f, { email: "Grace@Example.com" });
    const { jobId } = await db.transaction((tx) => convertRequestToJob(tx, f.companyId, r.id, null));
    const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(job).toMatchObject({ customerId: f.customerId, createdByUserId: null, bookingRequestId: r.id });
    const timeline = await db
      .select()
      .from(bookingRequestTimelineEvents)
      .where(
        and(
          eq(bookingRequestTimelineEvents.requestId, r.id),
          eq(bookingRequestTimelineEvents.type, BookingRequestEvent.ConvertedToJob),
        ),
      );
    expect(timeline).toMatchObject([{ actorType: 0, actorUserId: null, data: { jobId } }]);
  });

  it("lets office staff work a request and refuses a field tech (403)", async () => {
    const f = await jobsFixture();
    const office = await createTestUser(f.companyId, Role.OfficeStaff);
    const r = await seedRequest(f);
    const officeCookie = await sessionCookie(office.userId);
    expect((await post(officeCookie, r.id, { intent: "past" })).status).toBe(302);
    const techCookie = await sessionCookie(f.techId);
    expect((await post(techCookie, r.id, { intent: "bad" })).status).toBe(403);
    expect((await run(counterApi, "/api/booking-requests/new-counter", { cookie: techCookie })).status).toBe(403);
    expect((await requestRow(r.id)).status).toBe(0);
  });
});
