import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { bookingServices, bookingSettings, companies, priceListCategories, priceListItems } from "~/db/schema";
import { defaultWorkHours, type BookingSettingsInput } from "~/models/booking/booking.schema";
import {
  addQuestion,
  deleteQuestion,
  findPublicBookingForm,
  getBookingSettings,
  getQuestion,
  listQuestions,
  moveQuestion,
  saveBookingSettings,
  slugify,
  updateQuestion,
} from "~/models/booking/booking-settings.server";
import { onboardingSteps, tipForPath } from "~/models/company/onboarding.server";
import { RuleError } from "~/models/rules";
import { action, loader } from "~/routes/_app+/online-booking-settings";
import { accessFor, createTestCompany } from "../../helpers/factories";
import { useTestDatabase } from "../../helpers/db";
import { callRoute } from "../route-call";
import { admin, submit, toastOf } from "../company/screens-helpers";

useTestDatabase();

const PAGE = "/online-booking-settings";

async function companyCtx(businessName?: string) {
  const company = await createTestCompany({ businessName });
  return (await accessFor(company.userId)).ctx;
}

/** A price book category of the company with these services (and one material). */
async function priceBook(companyId: number, names: string[]) {
  const [category] = await db
    .insert(priceListCategories)
    .values({ companyId, categoryName: `Services ${names[0]}`, type: 1 })
    .returning({ id: priceListCategories.id });
  const rows = await db
    .insert(priceListItems)
    .values([
      ...names.map((name, i) => ({
        companyId,
        categoryId: category!.id,
        name,
        priceCents: 10_000 + i * 1000,
        itemType: 1,
        description: `${name} described`,
      })),
      { companyId, categoryId: category!.id, name: `Filter ${names[0]}`, priceCents: 500, itemType: 0 },
    ])
    .returning({ id: priceListItems.id, name: priceListItems.name, itemType: priceListItems.itemType });
  return {
    services: rows.filter((r) => r.itemType === 1).map((r) => r.id),
    material: rows.find((r) => r.itemType === 0)!.id,
  };
}

const q = (label: string, type = 0, options: string[] = [], isRequired = false) => ({
  type,
  label,
  isRequired,
  options,
});

const input = (overrides: Partial<BookingSettingsInput> = {}): BookingSettingsInput => ({
  formUrl: "acme-hvac",
  isEnabled: true,
  needsApproval: false,
  durationMinutes: 90,
  leadTimeAmount: 3,
  leadTimeUnit: 1,
  bufferMinutes: 30,
  workHours: defaultWorkHours(),
  serviceAreaRadius: 25,
  introText: "Book a visit",
  serviceIds: [],
  ...overrides,
});

describe("booking settings defaults", () => {
  it("stores a form address from the business name on first read, the same on every read", async () => {
    const ctx = await companyCtx("Joe's Heating & Air");
    const first = await getBookingSettings(ctx.companyId);
    expect(first).toMatchObject({
      formUrl: "joe-s-heating-air",
      isEnabled: false,
      needsApproval: true,
      durationMinutes: 120,
      leadTimeAmount: 2,
      leadTimeUnit: 0,
      bufferMinutes: 0,
      introText: "",
      serviceAreaRadius: null,
      hasCompanyLocation: false,
      serviceIds: [],
    });
    expect(first.workHours).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, isOpen: true, startMinutes: 300, endMinutes: 1320 })),
    );
    expect((await getBookingSettings(ctx.companyId)).formUrl).toBe("joe-s-heating-air");
    const rows = await db.select().from(bookingSettings).where(eq(bookingSettings.companyId, ctx.companyId));
    expect(rows.map((r) => r.formUrl)).toEqual(["joe-s-heating-air"]);
  });

  it("gives a second company of the same name a suffix", async () => {
    const a = await companyCtx("Twin Plumbing");
    const b = await companyCtx("TWIN plumbing");
    expect((await getBookingSettings(a.companyId)).formUrl).toBe("twin-plumbing");
    expect((await getBookingSettings(b.companyId)).formUrl).toBe("twin-plumbing-2");
  });

  it("slugifies names too short or without letters", () => {
    expect(slugify("Ça Va Électrique")).toBe("ca-va-electrique");
    expect(slugify("A1")).toBe("booking-a1");
    expect(slugify("!!!")).toBe("booking-form");
  });

  it("keeps the form private until it is turned on", async () => {
    const ctx = await companyCtx("Private Form Co");
    const { formUrl } = await getBookingSettings(ctx.companyId);
    expect(await findPublicBookingForm(formUrl)).toBeNull();
  });
});

describe("saving the settings", () => {
  it("saves the row, the services in order and the company radius in one go", async () => {
    const ctx = await companyCtx();
    const { services } = await priceBook(ctx.companyId, ["Tune-up", "Repair", "Install"]);
    const closed = defaultWorkHours().map((d) => (d.weekday === 0 ? { ...d, isOpen: false } : d));
    await saveBookingSettings(
      ctx,
      input({ formUrl: "saved-co", workHours: closed, serviceIds: [services[2]!, services[0]!] }),
    );
    const saved = await getBookingSettings(ctx.companyId);
    expect(saved).toMatchObject({
      formUrl: "saved-co",
      isEnabled: true,
      needsApproval: false,
      durationMinutes: 90,
      leadTimeAmount: 3,
      leadTimeUnit: 1,
      bufferMinutes: 30,
      introText: "Book a visit",
      serviceAreaRadius: 25,
      serviceIds: [services[2], services[0]],
    });
    expect(saved.workHours[0]).toEqual({ weekday: 0, isOpen: false, startMinutes: 300, endMinutes: 1320 });
    // Saving again replaces the services.
    await saveBookingSettings(ctx, input({ formUrl: "saved-co", serviceIds: [services[1]!], serviceAreaRadius: null }));
    expect(
      await db
        .select({ id: bookingServices.priceListItemId, position: bookingServices.position })
        .from(bookingServices)
        .where(eq(bookingServices.companyId, ctx.companyId)),
    ).toEqual([{ id: services[1], position: 0 }]);
    const [company] = await db
      .select({ radius: companies.serviceAreaRadius })
      .from(companies)
      .where(eq(companies.id, ctx.companyId));
    expect(company?.radius).toBeNull();
  });

  it("refuses another company's address in any case, and materials or foreign services", async () => {
    const a = await companyCtx();
    const b = await companyCtx();
    await saveBookingSettings(a, input({ formUrl: "taken-address" }));
    const taken = await saveBookingSettings(b, input({ formUrl: "taken-address" })).catch((e) => e);
    expect(taken).toBeInstanceOf(RuleError);
    expect((taken as RuleError).fieldErrors).toEqual({ formUrl: "This address is already taken" });
    // The unique index ignores case, also for a row written without the schema's lower-casing.
    await db.update(bookingSettings).set({ formUrl: "Mixed-Case" }).where(eq(bookingSettings.companyId, a.companyId));
    const mixed = await saveBookingSettings(b, input({ formUrl: "mixed-case" })).catch((e) => e);
    expect((mixed as RuleError).fieldErrors).toEqual({ formUrl: "This address is already taken" });
    const { services, material } = await priceBook(a.companyId, ["A's service"]);
    const foreign = await saveBookingSettings(b, input({ formUrl: "b-form", serviceIds: services })).catch((e) => e);
    expect((foreign as RuleError).fieldErrors).toEqual({ serviceIds: "Choose services from your price book" });
    const notService = await saveBookingSettings(a, input({ formUrl: "a-form", serviceIds: [material] })).catch(
      (e) => e,
    );
    expect((notService as RuleError).fieldErrors).toEqual({ serviceIds: "Choose services from your price book" });
    // Nothing of the refused saves was written.
    expect((await getBookingSettings(b.companyId)).formUrl).not.toBe("b-form");
    expect((await getBookingSettings(a.companyId)).formUrl).toBe("Mixed-Case");
  });

  it("posts through the page: saved with a toast, or 400 with the schema's messages", async () => {
    const { ctx, cookie } = await admin();
    const { services } = await priceBook(ctx.companyId, ["Posted service"]);
    const days = Object.fromEntries(
      [0, 1, 2, 3, 4, 5, 6].flatMap((d) => [
        [`workHours[${d}].weekday`, String(d)],
        [`workHours[${d}].startMinutes`, "480"],
        [`workHours[${d}].endMinutes`, "1020"],
        ...(d === 6 ? [] : [[`workHours[${d}].isOpen`, "on"]]),
      ]),
    );
    const fields = {
      intent: "save",
      formUrl: " Posted-Form ",
      isEnabled: "on",
      needsApproval: "true",
      durationMinutes: "180",
      leadTimeAmount: "24",
      leadTimeUnit: "0",
      bufferMinutes: "240",
      serviceAreaRadius: "",
      introText: "Hello",
      serviceIds: String(services[0]),
      ...days,
    };
    const saved = await submit(action, PAGE, cookie, fields);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(PAGE);
    expect(await toastOf(saved.headers)).toEqual({
      type: "success",
      message: "Online booking settings were saved successfully!",
    });
    const stored = await getBookingSettings(ctx.companyId);
    expect(stored).toMatchObject({
      formUrl: "posted-form",
      isEnabled: true,
      needsApproval: true,
      durationMinutes: 180,
      leadTimeAmount: 24,
      bufferMinutes: 240,
      serviceIds: [services[0]],
    });
    expect(stored.workHours[6]).toEqual({ weekday: 6, isOpen: false, startMinutes: 480, endMinutes: 1020 });
    expect(stored.workHours[1]).toEqual({ weekday: 1, isOpen: true, startMinutes: 480, endMinutes: 1020 });

    const refused = await submit(action, PAGE, cookie, {
      ...fields,
      formUrl: "no spaces",
      leadTimeAmount: "25",
      durationMinutes: "45",
      bufferMinutes: "20",
      "workHours[2].endMinutes": "300",
    });
    expect(refused.status).toBe(400);
    expect(refused.body.form).toBe("settings");
    expect(refused.body.errors).toEqual({
      formUrl: "Use lower-case letters, digits and hyphens only",
      leadTimeAmount: "Lead time must be less than or equal to 24",
      durationMinutes: "Choose a duration",
      bufferMinutes: "Choose a buffer",
      "workHours.2.endMinutes": "The day must end after it starts",
    });
    expect(refused.body.values).toMatchObject({ formUrl: "no spaces", introText: "Hello" });
    const days60 = await submit(action, PAGE, cookie, { ...fields, leadTimeAmount: "61", leadTimeUnit: "1" });
    expect(days60.body.errors).toEqual({ leadTimeAmount: "Lead time must be less than or equal to 60" });
    expect((await getBookingSettings(ctx.companyId)).bufferMinutes).toBe(240);
  });

  it("ticks the onboarding step once the form is on with a service", async () => {
    const ctx = await companyCtx();
    const step = async () => (await onboardingSteps(ctx))[7]!.isDone;
    expect(await step()).toBe(false);
    expect((await tipForPath(ctx, "/online-booking-settings"))?.tip).toBe(
      "Take bookings from your website around the clock.",
    );
    const { services } = await priceBook(ctx.companyId, ["Onboarding service"]);
    await saveBookingSettings(ctx, input({ formUrl: `onb-${ctx.companyId}`, isEnabled: true }));
    expect(await step()).toBe(false);
    await saveBookingSettings(ctx, input({ formUrl: `onb-${ctx.companyId}`, isEnabled: false, serviceIds: services }));
    expect(await step()).toBe(false);
    await saveBookingSettings(ctx, input({ formUrl: `onb-${ctx.companyId}`, isEnabled: true, serviceIds: services }));
    expect(await step()).toBe(true);
    expect(await tipForPath(ctx, "/online-booking-settings")).toBeNull();
  });
});

describe("questions", () => {
  it("adds at the end, edits, moves up and down, and deletes", async () => {
    const ctx = await companyCtx();
    const a = await addQuestion(ctx, q("First"));
    const b = await addQuestion(ctx, q("Second", 2, ["Yes", "No"]));
    const c = await addQuestion(ctx, q("Third", 5));
    const labels = async () => (await listQuestions(ctx.companyId)).map((x) => x.label);
    expect(await labels()).toEqual(["First", "Second", "Third"]);
    expect(await updateQuestion(ctx, b, { type: 4, label: "Second edited", isRequired: true, options: ["A"] })).toBe(
      true,
    );
    expect(await getQuestion(ctx, b)).toEqual({
      id: b,
      type: 4,
      label: "Second edited",
      isRequired: true,
      options: ["A"],
    });
    expect(await moveQuestion(ctx, c, -1)).toBe(true);
    expect(await labels()).toEqual(["First", "Third", "Second edited"]);
    expect(await moveQuestion(ctx, a, -1)).toBe(true);
    expect(await labels()).toEqual(["First", "Third", "Second edited"]);
    expect(await moveQuestion(ctx, a, 1)).toBe(true);
    expect(await labels()).toEqual(["Third", "First", "Second edited"]);
    expect(await deleteQuestion(ctx, c)).toBe(true);
    expect(await labels()).toEqual(["First", "Second edited"]);
    // A question added after a move still goes last.
    await addQuestion(ctx, q("Fourth"));
    expect(await labels()).toEqual(["First", "Second edited", "Fourth"]);
  });

  it("leaves another company's questions alone and answers 404 for them on the page", async () => {
    const owner = await companyCtx();
    const theirs = await addQuestion(owner, q("Theirs"));
    const { ctx, cookie } = await admin();
    expect(await getQuestion(ctx, theirs)).toBeNull();
    expect(await updateQuestion(ctx, theirs, q("Stolen"))).toBe(false);
    expect(await moveQuestion(ctx, theirs, 1)).toBe(false);
    expect(await deleteQuestion(ctx, theirs)).toBe(false);
    expect((await getQuestion(owner, theirs))?.label).toBe("Theirs");
    expect((await callRoute(loader, `${PAGE}?question=${theirs}`, { cookie })).status).toBe(404);
    expect((await callRoute(loader, `${PAGE}?delete=${theirs}`, { cookie })).status).toBe(404);
    const edit = await submit(action, PAGE, cookie, {
      intent: "saveQuestion",
      questionId: String(theirs),
      type: "0",
      label: "Stolen",
    });
    expect(edit.status).toBe(404);
    expect((await submit(action, PAGE, cookie, { intent: "deleteQuestion", questionId: String(theirs) })).status).toBe(
      404,
    );
    const move = await submit(action, PAGE, cookie, {
      intent: "moveQuestion",
      questionId: String(theirs),
      direction: "up",
    });
    expect(move.status).toBe(404);
    expect((await getQuestion(owner, theirs))?.label).toBe("Theirs");
  });

  it("posts through the page with the schema's messages", async () => {
    const { ctx, cookie } = await admin();
    const refused = await submit(action, PAGE, cookie, { intent: "saveQuestion", type: "2", label: " ", options: "" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      form: "question",
      errors: { label: "Question is required", options: "Add at least one option" },
    });
    const added = await submit(action, PAGE, cookie, {
      intent: "saveQuestion",
      type: "3",
      label: "Which rooms?",
      isRequired: "on",
      options: "Kitchen\r\nAttic\r\n\r\nKitchen",
    });
    expect(added.status).toBe(302);
    expect(await toastOf(added.headers)).toEqual({ type: "success", message: "Question was added" });
    const [question] = await listQuestions(ctx.companyId);
    expect(question).toMatchObject({ type: 3, label: "Which rooms?", isRequired: true, options: ["Kitchen", "Attic"] });
    const page = await callRoute(loader, `${PAGE}?question=${question!.id}`, { cookie });
    expect(page.body.editing).toMatchObject({ id: question!.id, label: "Which rooms?" });
    expect(page.body.questions).toHaveLength(1);
  });
});

describe("findPublicBookingForm", () => {
  it("answers everything the public form needs, by the address in any case", async () => {
    const ctx = await companyCtx("Public Form Heating");
    await db
      .update(companies)
      .set({
        businessPhoneNumber: "+17045550100",
        logoUrl: "/files/logo.png",
        timezone: "America/Chicago",
        geoData: { latitude: 35.2, longitude: -80.8 },
      })
      .where(eq(companies.id, ctx.companyId));
    const { services } = await priceBook(ctx.companyId, ["Visit", "Repair"]);
    const first = await addQuestion(ctx, q("Describe it", 5));
    const second = await addQuestion(ctx, q("System", 2, ["Gas", "Electric"], true));
    await moveQuestion(ctx, second, -1);
    await saveBookingSettings(
      ctx,
      input({ formUrl: "public-form-heating", serviceIds: [services[1]!, services[0]!], serviceAreaRadius: 30 }),
    );
    const form = await findPublicBookingForm("Public-Form-Heating");
    expect(form).toEqual({
      company: {
        id: ctx.companyId,
        name: "Public Form Heating",
        logoUrl: "/files/logo.png",
        phone: "+17045550100",
        timezone: "America/Chicago",
        geoData: { latitude: 35.2, longitude: -80.8 },
        serviceAreaRadius: 30,
      },
      settings: {
        formUrl: "public-form-heating",
        needsApproval: false,
        durationMinutes: 90,
        leadTimeAmount: 3,
        leadTimeUnit: 1,
        bufferMinutes: 30,
        workHours: defaultWorkHours(),
        introText: "Book a visit",
      },
      services: [
        { id: services[1], name: "Repair", description: "Repair described", priceCents: 11_000 },
        { id: services[0], name: "Visit", description: "Visit described", priceCents: 10_000 },
      ],
      questions: [
        { id: second, type: 2, label: "System", isRequired: true, options: ["Gas", "Electric"] },
        { id: first, type: 5, label: "Describe it", isRequired: false, options: [] },
      ],
    });
    // A service deleted from the price book leaves the form.
    await db.delete(priceListItems).where(eq(priceListItems.id, services[1]!));
    expect((await findPublicBookingForm("public-form-heating"))?.services.map((s) => s.name)).toEqual(["Visit"]);
    expect(await findPublicBookingForm("no-such-form")).toBeNull();
    await saveBookingSettings(ctx, input({ formUrl: "public-form-heating", isEnabled: false }));
    expect(await findPublicBookingForm("public-form-heating")).toBeNull();
  });
});
