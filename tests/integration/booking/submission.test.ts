import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db.server";
import {
  bookingRequests,
  bookingRequestTimelineEvents,
  jobEmployees,
  jobs,
  priceListCategories,
  priceListItems,
} from "~/db/schema";
import { findOpenDays } from "~/models/booking/availability.server";
import { addQuestion, findPublicBookingForm, saveBookingSettings } from "~/models/booking/booking-settings.server";
import { bookingSubmissionSchema, defaultWorkHours, QuestionType } from "~/models/booking/booking.schema";
import { rulesOf, submissionMessages, submitBookingRequest } from "~/models/booking/submission.server";
import { RuleError } from "~/models/rules";
import { action } from "~/routes/_public+/online-booking.$formUrl";
import { accessFor, createTestCompany, makeRequest, runRoute } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";

useTestDatabase();

let seq = 0;
/** A company with an enabled form (one service, three questions) and its admin as the one bookable employee. */
async function bookingCompany(needsApproval = true) {
  const { companyId, userId } = await createTestCompany();
  const { ctx } = await accessFor(userId);
  const [category] = await db
    .insert(priceListCategories)
    .values({ companyId, categoryName: "Services", type: 1 })
    .returning({ id: priceListCategories.id });
  const [item] = await db
    .insert(priceListItems)
    .values({ companyId, categoryId: category!.id, name: "Tune-up", priceCents: 12900, itemType: 1 })
    .returning({ id: priceListItems.id });
  const formUrl = `book-${process.pid}-${++seq}`;
  await saveBookingSettings(ctx, {
    formUrl,
    isEnabled: true,
    needsApproval,
    durationMinutes: 60,
    leadTimeAmount: 0,
    leadTimeUnit: 0,
    bufferMinutes: 0,
    workHours: defaultWorkHours(),
    serviceAreaRadius: null,
    introText: undefined,
    serviceIds: [item!.id],
  });
  const gate = await addQuestion(ctx, {
    type: QuestionType.TextField,
    label: "Gate code",
    isRequired: true,
    options: [],
  });
  const system = await addQuestion(ctx, {
    type: QuestionType.Dropdown,
    label: "System",
    isRequired: false,
    options: ["Furnace", "Heat pump"],
  });
  const since = await addQuestion(ctx, { type: QuestionType.Date, label: "Since", isRequired: false, options: [] });
  const form = (await findPublicBookingForm(formUrl))!;
  const days = await findOpenDays(companyId, rulesOf(form));
  return {
    companyId,
    userId,
    formUrl,
    form,
    serviceId: item!.id,
    q: { gate, system, since },
    window: days[1]!.windows[0]!,
  };
}
type Fixture = Awaited<ReturnType<typeof bookingCompany>>;

let n = 0;
const submission = (f: Fixture, more: Record<string, unknown> = {}) =>
  bookingSubmissionSchema.parse({
    submissionKey: `key-${process.pid}-${Date.now()}-${++n}`.padEnd(20, "x"),
    serviceId: f.serviceId,
    startTime: f.window.start.toISOString(),
    firstName: "Ann",
    lastName: "Lee",
    email: "ann@example.com",
    location: "1 Main St, Springfield",
    answers: { [f.q.gate]: "1234", [f.q.system]: "Furnace" },
    ...more,
  });

const requestsOf = (companyId: number) =>
  db.select().from(bookingRequests).where(eq(bookingRequests.companyId, companyId));

async function ruleErrors(work: Promise<unknown>): Promise<Record<string, string>> {
  try {
    await work;
  } catch (error) {
    if (error instanceof RuleError) return error.fieldErrors;
    throw error;
  }
  throw new Error("expected a RuleError");
}

let f: Fixture;
beforeAll(async () => {
  f = await bookingCompany();
});

describe("a booking submission", () => {
  it("stores the request with its answers, employee and 'Request received', once per key", async () => {
    const input = submission(f);
    const first = await submitBookingRequest(f.form, input);
    expect(first.created).toBe(true);
    const [again, concurrent] = await Promise.all([
      submitBookingRequest(f.form, input),
      submitBookingRequest(f.form, input),
    ]);
    expect(again.created || concurrent.created).toBe(false);
    expect(again.request.id).toBe(first.request.id);
    const rows = (await requestsOf(f.companyId)).filter((r) => r.submissionKey === input.submissionKey);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.status).toBe(0);
    expect(row.employeeId).toBe(f.userId);
    expect(row.serviceName).toBe("Tune-up");
    expect(row.startTime.toISOString()).toBe(f.window.start.toISOString());
    expect(row.endTime.getTime() - row.startTime.getTime()).toBe(60 * 60_000);
    expect(row.answers).toEqual([
      { questionId: f.q.gate, type: 0, label: "Gate code", value: "1234" },
      { questionId: f.q.system, type: 2, label: "System", value: "Furnace" },
      { questionId: f.q.since, type: 1, label: "Since", value: null },
    ]);
    const events = await db
      .select({ type: bookingRequestTimelineEvents.type })
      .from(bookingRequestTimelineEvents)
      .where(eq(bookingRequestTimelineEvents.requestId, row.id));
    expect(events).toEqual([{ type: 0 }]);
    // The window is now held: it is no longer offered.
    const days = await findOpenDays(f.companyId, rulesOf(f.form));
    expect(days.flatMap((d) => d.windows).some((w) => w.start.getTime() === f.window.start.getTime())).toBe(false);
  });

  it("refuses a missing required answer, an option not on the question, a bad date and a foreign question", async () => {
    const other = f.window.start.getTime() + 3 * 3600_000;
    const errors = await ruleErrors(
      submitBookingRequest(
        f.form,
        submission(f, {
          startTime: new Date(other).toISOString(),
          answers: { [f.q.system]: "Boiler", [f.q.since]: "2026-02-30", "999999": "x" },
        }),
      ),
    );
    expect(errors).toEqual({
      [`answers.${f.q.gate}`]: "Gate code is required",
      [`answers.${f.q.system}`]: "Choose one of the options",
      [`answers.${f.q.since}`]: "Enter a valid date",
      "answers.999999": "This question is not on the form",
    });
    const photo = await ruleErrors(
      submitBookingRequest(
        f.form,
        submission(f, { serviceId: 999999, email: undefined, startTime: "2020-01-01T10:00:00Z" }),
      ),
    );
    expect(photo).toEqual({
      serviceId: "Choose a service from the list",
      startTime: "Choose a time",
      email: "Enter an email or a phone number",
    });
    expect((await requestsOf(f.companyId)).length).toBe(1);
  });

  it("gives the last free window to one of two submissions at once; the other hears it was just taken", async () => {
    const g = await bookingCompany();
    const results = await Promise.allSettled([
      submitBookingRequest(g.form, submission(g)),
      submitBookingRequest(g.form, submission(g)),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(RuleError);
    expect((refused.reason as RuleError).fieldErrors).toEqual({ startTime: submissionMessages.taken });
    expect(submissionMessages.taken).toMatch(/^That time was just taken/);
    expect(await requestsOf(g.companyId)).toHaveLength(1);
  });

  it("creates the job at once when the form needs no approval", async () => {
    const g = await bookingCompany(false);
    const { request } = await submitBookingRequest(g.form, submission(g));
    const [row] = await requestsOf(g.companyId);
    expect(row!.status).toBe(5);
    expect(request.status).toBe(5);
    const [job] = await db
      .select({ id: jobs.id, startTime: jobs.startTime, bookingRequestId: jobs.bookingRequestId })
      .from(jobs)
      .where(and(eq(jobs.companyId, g.companyId), eq(jobs.id, row!.jobId!)));
    expect(job!.bookingRequestId).toBe(row!.id);
    expect(job!.startTime!.toISOString()).toBe(g.window.start.toISOString());
    const assigned = await db
      .select({ userId: jobEmployees.userId })
      .from(jobEmployees)
      .where(eq(jobEmployees.jobId, job!.id));
    expect(assigned).toEqual([{ userId: g.userId }]);
  });
});

describe("the public page's post (JavaScript off)", () => {
  const post = (g: Fixture, fields: Record<string, string>) =>
    runRoute(
      action as never,
      makeRequest(`/online-booking/${g.formUrl}`, { method: "POST", body: new URLSearchParams(fields) }),
      { formUrl: g.formUrl },
    );
  const fields = (g: Fixture, more: Record<string, string> = {}) => ({
    submissionKey: `page-${process.pid}-${++n}`.padEnd(20, "y"),
    serviceId: String(g.serviceId),
    startTime: g.window.start.toISOString(),
    firstName: "Bo",
    phone: "(704) 555-0142",
    location: "2 Oak Ave",
    [`answers.${g.q.gate}`]: "55",
    website: "",
    ...more,
  });

  it("redirects to the confirmation once stored; the honeypot pretends the same and stores nothing", async () => {
    const g = await bookingCompany();
    const trap = fields(g, { website: "http://spam.example" });
    const trapped = await post(g, trap);
    expect(trapped.status).toBe(303);
    expect(await requestsOf(g.companyId)).toHaveLength(0);
    const real = fields(g);
    const sent = await post(g, real);
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe(`/online-booking/${g.formUrl}?confirmed=${real.submissionKey}`);
    const rows = await requestsOf(g.companyId);
    expect(rows.map((r) => [r.firstName, r.phone])).toEqual([["Bo", "+17045550142"]]);
  });

  it("answers 422 with the field's message and keeps the values", async () => {
    const g = await bookingCompany();
    const res = await post(g, fields(g, { [`answers.${g.q.gate}`]: "", firstName: "" }));
    expect(res.status).toBe(422);
    const body = (await res.json()) as { errors: Record<string, string>; values: Record<string, string> };
    // One post shows every field to correct: the answers with the fixed fields.
    expect(body.errors).toEqual({
      firstName: "First Name is required",
      [`answers.${g.q.gate}`]: "Gate code is required",
    });
    expect(body.values.location).toBe("2 Oak Ave");
    const missing = await post(g, fields(g, { [`answers.${g.q.gate}`]: "" }));
    expect(((await missing.json()) as { errors: object }).errors).toEqual({
      [`answers.${g.q.gate}`]: "Gate code is required",
    });
  });
});
