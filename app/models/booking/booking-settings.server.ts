import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { db, type Executor } from "~/db.server";
import {
  bookingQuestions,
  bookingServices,
  bookingSettings,
  companies,
  priceListItems,
  type BookingWorkDay,
} from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { isUniqueViolation } from "~/models/accounts/accounts.server";
import {
  defaultWorkHours,
  QUESTIONS_MAX,
  type BookingSettingsInput,
  type QuestionInput,
  type QuestionTypeValue,
} from "~/models/booking/booking.schema";
import { RuleError } from "~/models/rules";

/** Price book item type of a service (materials are 0). */
const SERVICE_ITEM_TYPE = 1;

const FORM_URL_TAKEN = "This address is already taken";

export type BookingQuestionView = {
  id: number;
  type: QuestionTypeValue;
  label: string;
  isRequired: boolean;
  options: string[];
};

/** Everything the public form /online-booking/{formUrl} needs, in one read. */
export type PublicBookingForm = {
  company: {
    id: number;
    name: string;
    logoUrl: string | null;
    phone: string | null;
    timezone: string;
    geoData: { placeId?: string; latitude: number; longitude: number } | null;
    /** Miles around geoData; null: no limit. */
    serviceAreaRadius: number | null;
  };
  settings: {
    formUrl: string;
    needsApproval: boolean;
    durationMinutes: number;
    leadTimeAmount: number;
    leadTimeUnit: number;
    bufferMinutes: number;
    workHours: BookingWorkDay[];
    introText: string | null;
  };
  /** In the order the settings page put them. */
  services: Array<{ id: number; name: string; description: string | null; priceCents: number }>;
  questions: BookingQuestionView[];
};

const questionColumns = {
  id: bookingQuestions.id,
  type: bookingQuestions.type,
  label: bookingQuestions.label,
  isRequired: bookingQuestions.isRequired,
  options: bookingQuestions.options,
};

/** The company's questions in the form's order. */
export async function listQuestions(companyId: number): Promise<BookingQuestionView[]> {
  const rows = await db
    .select(questionColumns)
    .from(bookingQuestions)
    .where(eq(bookingQuestions.companyId, companyId))
    .orderBy(asc(bookingQuestions.position), asc(bookingQuestions.id));
  return rows.map((q) => ({ ...q, type: q.type as QuestionTypeValue }));
}

/** The offered services that are still in the price book, in the form's order. */
async function offeredServices(companyId: number) {
  return db
    .select({
      id: priceListItems.id,
      name: priceListItems.name,
      description: priceListItems.description,
      priceCents: priceListItems.priceCents,
    })
    .from(bookingServices)
    .innerJoin(
      priceListItems,
      and(eq(priceListItems.id, bookingServices.priceListItemId), eq(priceListItems.companyId, companyId)),
    )
    .where(eq(bookingServices.companyId, companyId))
    .orderBy(asc(bookingServices.position), asc(priceListItems.id));
}

/**
 * The public form by its address (any case), or null when no company has it or its form is off.
 */
export async function findPublicBookingForm(formUrl: string): Promise<PublicBookingForm | null> {
  const [row] = await db
    .select({
      company: {
        id: companies.id,
        name: companies.businessName,
        logoUrl: companies.logoUrl,
        phone: companies.businessPhoneNumber,
        timezone: companies.timezone,
        geoData: companies.geoData,
        serviceAreaRadius: companies.serviceAreaRadius,
      },
      settings: {
        formUrl: bookingSettings.formUrl,
        isEnabled: bookingSettings.isEnabled,
        needsApproval: bookingSettings.needsApproval,
        durationMinutes: bookingSettings.durationMinutes,
        leadTimeAmount: bookingSettings.leadTimeAmount,
        leadTimeUnit: bookingSettings.leadTimeUnit,
        bufferMinutes: bookingSettings.bufferMinutes,
        workHours: bookingSettings.workHours,
        introText: bookingSettings.introText,
      },
    })
    .from(bookingSettings)
    .innerJoin(companies, eq(companies.id, bookingSettings.companyId))
    .where(sql`lower(${bookingSettings.formUrl}) = ${formUrl.trim().toLowerCase()}`);
  if (!row || !row.settings.isEnabled) return null;
  const { isEnabled: _isEnabled, ...settings } = row.settings;
  const [services, questions] = await Promise.all([offeredServices(row.company.id), listQuestions(row.company.id)]);
  return { company: row.company, settings, services, questions };
}

// ---- Settings ---------------------------------------------------------------------------------

export type BookingSettingsView = Omit<PublicBookingForm["settings"], "introText"> & {
  introText: string;
  isEnabled: boolean;
  serviceAreaRadius: number | null;
  /** The radius needs a company address with coordinates to measure from. */
  hasCompanyLocation: boolean;
  serviceIds: number[];
};

/** A business name as an address: lower-case words joined by hyphens ("Joe's A/C" → "joe-s-a-c"). */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 50)
    .replace(/-+$/, "");
  return slug.length >= 3 ? slug : `booking-${slug || "form"}`.replace(/-+$/, "");
}

/**
 * The company's row, created on first read with an address made from the business name (a numeric
 * suffix when another company has it) and the form off: the address stays the same from the first
 * time anyone sees it, and nothing is public until a manager turns the form on.
 */
async function ensureSettingsRow(companyId: number) {
  const existing = await readSettingsRow(companyId);
  if (existing) return existing;
  const [company] = await db
    .select({ name: companies.businessName })
    .from(companies)
    .where(eq(companies.id, companyId));
  const base = slugify(company?.name ?? "");
  for (let attempt = 1; attempt <= 50; attempt++) {
    // A company saving at the same moment or another company's address both make the insert a no-op.
    await db
      .insert(bookingSettings)
      .values({
        companyId,
        formUrl: attempt === 1 ? base : `${base}-${attempt}`,
        isEnabled: false,
        workHours: defaultWorkHours(),
      })
      .onConflictDoNothing();
    const row = await readSettingsRow(companyId);
    if (row) return row;
  }
  throw new Error(`No free booking form address for company ${companyId}`);
}

async function readSettingsRow(companyId: number) {
  const [row] = await db.select().from(bookingSettings).where(eq(bookingSettings.companyId, companyId));
  return row;
}

/** The settings page's values (the stored row, created with defaults on first read). */
export async function getBookingSettings(companyId: number): Promise<BookingSettingsView> {
  const row = await ensureSettingsRow(companyId);
  const [[company], services] = await Promise.all([
    db
      .select({ radius: companies.serviceAreaRadius, geoData: companies.geoData })
      .from(companies)
      .where(eq(companies.id, companyId)),
    db
      .select({ id: bookingServices.priceListItemId })
      .from(bookingServices)
      .where(eq(bookingServices.companyId, companyId))
      .orderBy(asc(bookingServices.position)),
  ]);
  return {
    formUrl: row.formUrl,
    isEnabled: row.isEnabled,
    needsApproval: row.needsApproval,
    durationMinutes: row.durationMinutes,
    leadTimeAmount: row.leadTimeAmount,
    leadTimeUnit: row.leadTimeUnit,
    bufferMinutes: row.bufferMinutes,
    // Seven days in weekday order whatever was stored.
    workHours: defaultWorkHours().map((d) => row.workHours.find((w) => w.weekday === d.weekday) ?? d),
    introText: row.introText ?? "",
    serviceAreaRadius: company?.radius ?? null,
    hasCompanyLocation: !!company?.geoData,
    serviceIds: services.map((s) => s.id),
  };
}

/** The price book services the form can offer. */
export async function listServiceChoices(companyId: number) {
  return db
    .select({ id: priceListItems.id, name: priceListItems.name, priceCents: priceListItems.priceCents })
    .from(priceListItems)
    .where(and(eq(priceListItems.companyId, companyId), eq(priceListItems.itemType, SERVICE_ITEM_TYPE)))
    .orderBy(sql`lower(${priceListItems.name})`, asc(priceListItems.id));
}

/**
 * Saves the form in one transaction: the settings row, the offered services (replaced, in the order
 * given) and the company's service area radius. Another company's address is a field error, decided
 * by the unique index so two saves at once cannot both take it.
 */
export async function saveBookingSettings(ctx: CallerContext, input: BookingSettingsInput): Promise<void> {
  const serviceIds = [...new Set(input.serviceIds)];
  try {
    await db.transaction(async (tx) => {
      if (serviceIds.length > 0) {
        const own = await tx
          .select({ id: priceListItems.id })
          .from(priceListItems)
          .where(
            and(
              eq(priceListItems.companyId, ctx.companyId),
              eq(priceListItems.itemType, SERVICE_ITEM_TYPE),
              inArray(priceListItems.id, serviceIds),
            ),
          );
        if (own.length !== serviceIds.length)
          throw new RuleError({ serviceIds: "Choose services from your price book" });
      }
      const values = {
        formUrl: input.formUrl,
        isEnabled: input.isEnabled,
        needsApproval: input.needsApproval,
        durationMinutes: input.durationMinutes,
        leadTimeAmount: input.leadTimeAmount,
        leadTimeUnit: input.leadTimeUnit,
        bufferMinutes: input.bufferMinutes,
        workHours: input.workHours.map((d) => ({
          weekday: d.weekday,
          isOpen: d.isOpen,
          startMinutes: d.startMinutes,
          endMinutes: d.endMinutes,
        })),
        introText: input.introText ?? null,
      };
      await tx
        .insert(bookingSettings)
        .values({ companyId: ctx.companyId, ...values })
        .onConflictDoUpdate({ target: bookingSettings.companyId, set: { ...values, updatedAt: new Date() } });
      await tx.delete(bookingServices).where(eq(bookingServices.companyId, ctx.companyId));
      if (serviceIds.length > 0)
        await tx
          .insert(bookingServices)
          .values(serviceIds.map((id, position) => ({ companyId: ctx.companyId, priceListItemId: id, position })));
      await tx
        .update(companies)
        .set({ serviceAreaRadius: input.serviceAreaRadius })
        .where(eq(companies.id, ctx.companyId));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new RuleError({ formUrl: FORM_URL_TAKEN });
    throw error;
  }
}

// ---- Questions --------------------------------------------------------------------------------

const ownQuestion = (ctx: CallerContext, id: number) =>
  and(eq(bookingQuestions.id, id), eq(bookingQuestions.companyId, ctx.companyId));

/** Question list changes of one company wait for each other (the company row's lock). */
async function lockCompanyQuestions(tx: Executor, companyId: number) {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");
}

export async function getQuestion(ctx: CallerContext, id: number): Promise<BookingQuestionView | null> {
  const [row] = await db.select(questionColumns).from(bookingQuestions).where(ownQuestion(ctx, id));
  return row ? { ...row, type: row.type as QuestionTypeValue } : null;
}

/** Adds a question at the end of the form. */
export async function addQuestion(ctx: CallerContext, input: QuestionInput): Promise<number> {
  return db.transaction(async (tx) => {
    // One add at a time per company, so the count and the next position stay right.
    await lockCompanyQuestions(tx, ctx.companyId);
    const [stats] = await tx
      .select({
        count: sql<number>`count(*)::int`,
        last: sql<number>`coalesce(max(${bookingQuestions.position}), -1)::int`,
      })
      .from(bookingQuestions)
      .where(eq(bookingQuestions.companyId, ctx.companyId));
    if ((stats?.count ?? 0) >= QUESTIONS_MAX)
      throw new RuleError({ label: `A form has at most ${QUESTIONS_MAX} questions` });
    const [row] = await tx
      .insert(bookingQuestions)
      .values({ companyId: ctx.companyId, ...input, position: (stats?.last ?? -1) + 1 })
      .returning({ id: bookingQuestions.id });
    return row!.id;
  });
}

/** false when the question is not the caller's company's. */
export async function updateQuestion(ctx: CallerContext, id: number, input: QuestionInput): Promise<boolean> {
  const rows = await db
    .update(bookingQuestions)
    .set(input)
    .where(ownQuestion(ctx, id))
    .returning({ id: bookingQuestions.id });
  return rows.length > 0;
}

/** false when the question is not the caller's company's. Requests keep their answers' copies. */
export async function deleteQuestion(ctx: CallerContext, id: number): Promise<boolean> {
  const rows = await db.delete(bookingQuestions).where(ownQuestion(ctx, id)).returning({ id: bookingQuestions.id });
  return rows.length > 0;
}

/**
 * Moves a question one place up (-1) or down (+1), renumbering the list so the positions stay
 * 0..n-1. false when the question is not the caller's company's; at either end it stays put.
 */
export async function moveQuestion(ctx: CallerContext, id: number, direction: -1 | 1): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockCompanyQuestions(tx, ctx.companyId);
    const ids = (
      await tx
        .select({ id: bookingQuestions.id })
        .from(bookingQuestions)
        .where(eq(bookingQuestions.companyId, ctx.companyId))
        .orderBy(asc(bookingQuestions.position), asc(bookingQuestions.id))
    ).map((r) => r.id);
    const from = ids.indexOf(id);
    if (from < 0) return false;
    const to = from + direction;
    if (to < 0 || to >= ids.length) return true;
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    for (const [position, questionId] of ids.entries())
      await tx.update(bookingQuestions).set({ position }).where(ownQuestion(ctx, questionId));
    return true;
  });
}
