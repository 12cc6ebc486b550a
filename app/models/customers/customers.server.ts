import { pageTotal, scanWindow } from "~/models/list-pages";
import { RuleError } from "~/models/rules";
import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from "drizzle-orm";
import { db, type Executor } from "~/db.server";
import { customerAddresses, customerAttachments, customerCounts, customers, leadSources, tags } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import {
  FILTERED_COUNT_CAP,
  displayName,
  type CustomerInput,
  type CustomerListRow,
} from "~/models/customers/customers.schema";
import { ownLeadSourceIds } from "~/models/company/lead-sources.server";
import { Role } from "~/access/roles";
import { TagType } from "~/models/company/tags.schema";
import { ownTagIds } from "~/models/company/tags.server";
import { maps } from "~/services/maps.server";
import type { GeoData } from "~/services/maps.server";
import { fileUrl } from "~/services/storage.server";
import { messages, normalizePhone } from "~/utils/validation";
import { recordCustomerWebhook } from "~/models/webhooks/event-data.server";

/** Server rules (duplicates) failed: a map from field to message, like a validation error. */
export class CustomerRuleError extends RuleError {}

const live = (companyId: number) => and(eq(customers.companyId, companyId), isNull(customers.deletedAt));

// ---------------------------------------------------------------------------------------------
// Search text: one lower-cased, accent-free word list per customer, indexed as a tsvector (GIN).
// ---------------------------------------------------------------------------------------------

const words = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** Phone tokens: full digits, national number, last 7 and last 4 digits (people search by the end). */
function phoneWords(e164: string): string[] {
  const digits = e164.replace(/\D/g, "");
  const national = digits.startsWith("1") ? digits.slice(1) : digits;
  return [digits, national, national.slice(-7), national.slice(-4)];
}

export function buildSearchText(
  c: Pick<
    CustomerInput,
    | "firstName"
    | "lastName"
    | "ownCompanyName"
    | "email"
    | "additionalEmails"
    | "mainPhoneNumber"
    | "secondaryPhoneNumbers"
  > & { addresses: { location: string; unitNumber?: string | null }[] },
): string {
  const text = [
    c.firstName,
    c.lastName,
    c.ownCompanyName,
    c.email,
    ...c.additionalEmails,
    ...c.addresses.flatMap((a) => [a.location, a.unitNumber]),
  ]
    .filter(Boolean)
    .join(" ");
  const phones = [c.mainPhoneNumber, ...c.secondaryPhoneNumbers].filter((p): p is string => !!p).flatMap(phoneWords);
  return [words(text), ...new Set(phones)].filter(Boolean).join(" ");
}

/** The list search as a prefix tsquery ('jo:* & smi:*'); a phone-like query searches its digits. */
export function searchQueryTerms(query: string | null | undefined): string | null {
  const terms = searchWords(query);
  return terms.length ? terms.map((t) => `${t}:*`).join(" & ") : null;
}

/** The word beginnings a search looks for: the digits of a phone-like query, else up to 8 words. */
function searchWords(query: string | null | undefined): string[] {
  const trimmed = (query ?? "").trim().slice(0, 200);
  if (!trimmed) return [];
  const digits = trimmed.replace(/\D/g, "");
  if (/^[\d\s()+.-]+$/.test(trimmed) && digits.length >= 3) return [digits];
  return words(trimmed).split(" ").filter(Boolean).slice(0, 8);
}

// ---------------------------------------------------------------------------------------------
// Duplicates
// ---------------------------------------------------------------------------------------------

export type DuplicateCheck = { isTaken: boolean; takenBy: string | null };

async function takenBy(exec: Executor, ctx: CallerContext, condition: SQL, exceptId?: number): Promise<string | null> {
  const [row] = await exec
    .select({ firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(and(live(ctx.companyId), condition, exceptId ? ne(customers.id, exceptId) : undefined))
    .limit(1);
  return row ? displayName(row) : null;
}

/** Whether another live customer of the company has this email (ignoring case). */
export async function checkCustomerEmail(
  ctx: CallerContext,
  email: string,
  exceptId?: number,
  exec: Executor = db,
): Promise<DuplicateCheck> {
  const name = await takenBy(exec, ctx, sql`lower(${customers.email}) = ${email.trim().toLowerCase()}`, exceptId);
  return { isTaken: !!name, takenBy: name };
}

/** Whether another live customer of the company has this primary phone (compared in E.164). */
export async function checkCustomerPhone(
  ctx: CallerContext,
  phone: string,
  country: "US" | "CA" = "US",
  exceptId?: number,
  exec: Executor = db,
): Promise<DuplicateCheck> {
  const e164 = normalizePhone(phone, country);
  if (!e164) return { isTaken: false, takenBy: null };
  const name = await takenBy(exec, ctx, eq(customers.mainPhoneNumber, e164), exceptId);
  return { isTaken: !!name, takenBy: name };
}

/** The server rules after the schema passed: email first, then primary phone. */
export async function duplicateErrors(
  ctx: CallerContext,
  input: Pick<CustomerInput, "email" | "mainPhoneNumber">,
  exceptId?: number,
  exec: Executor = db,
): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  if (input.email) {
    const check = await checkCustomerEmail(ctx, input.email, exceptId, exec);
    if (check.takenBy) errors.email = messages.emailTaken(check.takenBy);
  }
  if (input.mainPhoneNumber) {
    const check = await checkCustomerPhone(ctx, input.mainPhoneNumber, "US", exceptId, exec);
    if (check.takenBy) errors.mainPhoneNumber = messages.phoneTaken(check.takenBy);
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Create, update, delete
// ---------------------------------------------------------------------------------------------

/** Moves the company's live customer counter (the list's unfiltered total) in the caller's transaction. */
export async function adjustCustomerCount(exec: Executor, companyId: number, by: number) {
  await exec
    .insert(customerCounts)
    .values({ companyId, count: Math.max(by, 0) })
    .onConflictDoUpdate({
      target: customerCounts.companyId,
      set: { count: sql`greatest(${customerCounts.count} + ${by}, 0)` },
    });
}

async function ownedIds(exec: Executor, ctx: CallerContext, input: CustomerInput) {
  return {
    tagIds: await ownTagIds(exec, ctx, TagType.Customer, input.tagIds),
    leadSourceIds: await ownLeadSourceIds(exec, ctx, input.leadSourceIds ?? []),
  };
}

const rowValues = (input: CustomerInput) => ({
  firstName: input.firstName,
  lastName: input.lastName,
  email: input.email,
  additionalEmails: input.additionalEmails,
  mainPhoneNumber: input.mainPhoneNumber,
  secondaryPhoneNumbers: input.secondaryPhoneNumbers,
  jobTitle: input.jobTitle,
  ownCompanyName: input.ownCompanyName,
  areTextMessagesAllowed: input.areTextMessagesAllowed,
  notes: input.notes,
  billingLocation: input.addresses.find((a) => a.isBilling)?.location ?? null,
  searchText: buildSearchText(input),
});

/** Creates a customer with its properties in one transaction; duplicates throw CustomerRuleError. */
export async function createCustomer(ctx: CallerContext, input: CustomerInput, exec: Executor = db): Promise<number> {
  const write = async (tx: Executor) => {
    const errors = await duplicateErrors(ctx, input, undefined, tx);
    if (Object.keys(errors).length) throw new CustomerRuleError(errors);
    const ids = await ownedIds(tx, ctx, input);
    const [row] = await tx
      .insert(customers)
      .values({ ...rowValues(input), ...ids, companyId: ctx.companyId, createdByUserId: ctx.userId })
      .returning({ id: customers.id });
    if (input.addresses.length) {
      await tx.insert(customerAddresses).values(
        input.addresses.map((a, position) => ({
          companyId: ctx.companyId,
          customerId: row.id,
          location: a.location,
          unitNumber: a.unitNumber,
          notes: a.notes,
          isBilling: a.isBilling,
          geoData: a.geoData,
          position,
        })),
      );
    }
    await adjustCustomerCount(tx, ctx.companyId, 1);
    await recordCustomerWebhook(tx, ctx.companyId, "customer.created", row.id);
    return row.id;
  };
  return exec === db ? db.transaction(write) : write(exec);
}

const sameGeoData = (a: GeoData | null | undefined, b: GeoData | null | undefined) =>
  !!a && !!b && a.latitude === b.latitude && a.longitude === b.longitude && (a.placeId ?? null) === (b.placeId ?? null);

/**
 * The coordinates to keep for an updated property. A new address text sent with the stored
 * coordinates unchanged (a form without JavaScript carries them hidden) would keep coordinates
 * of the old address: they are dropped, and the address is geocoded again when the profile opens.
 */
export function freshGeoData(
  next: { location: string; geoData: GeoData | null },
  stored: { location: string; geoData: GeoData | null },
): GeoData | null {
  if (next.location.trim() !== stored.location.trim() && sameGeoData(next.geoData, stored.geoData)) return null;
  return next.geoData;
}

/**
 * Updates a customer and its properties: properties sent with their id are updated (jobs keep
 * pointing at them), new ones inserted, missing ones removed. False when not the caller's.
 */
export async function updateCustomer(ctx: CallerContext, id: number, input: CustomerInput): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, id), live(ctx.companyId)))
      .for("update")
      .limit(1);
    if (!current) return false;
    const errors = await duplicateErrors(ctx, input, id, tx);
    if (Object.keys(errors).length) throw new CustomerRuleError(errors);
    const ids = await ownedIds(tx, ctx, input);
    await tx
      .update(customers)
      .set({ ...rowValues(input), ...ids, updatedAt: new Date() })
      .where(and(eq(customers.id, id), eq(customers.companyId, ctx.companyId)));
    const existing = await tx
      .select({ id: customerAddresses.id, location: customerAddresses.location, geoData: customerAddresses.geoData })
      .from(customerAddresses)
      .where(and(eq(customerAddresses.customerId, id), eq(customerAddresses.companyId, ctx.companyId)));
    const stored = new Map(existing.map((a) => [a.id, a]));
    const keptIds = new Set(input.addresses.map((a) => a.id).filter((a): a is number => !!a && stored.has(a)));
    const removed = [...stored.keys()].filter((a) => !keptIds.has(a));
    if (removed.length)
      await tx
        .delete(customerAddresses)
        .where(and(inArray(customerAddresses.id, removed), eq(customerAddresses.customerId, id)));
    for (const [position, a] of input.addresses.entries()) {
      const before = a.id ? stored.get(a.id) : undefined;
      const values = {
        location: a.location,
        unitNumber: a.unitNumber,
        notes: a.notes,
        isBilling: a.isBilling,
        geoData: before ? freshGeoData(a, before) : a.geoData,
        position,
      };
      if (a.id && keptIds.has(a.id))
        await tx
          .update(customerAddresses)
          .set(values)
          .where(and(eq(customerAddresses.id, a.id), eq(customerAddresses.customerId, id)));
      else await tx.insert(customerAddresses).values({ ...values, companyId: ctx.companyId, customerId: id });
    }
    await recordCustomerWebhook(tx, ctx.companyId, "customer.updated", id);
    return true;
  });
}

/**
 * Deletes a customer for the company: the row is kept with deletedAt (jobs, estimates and
 * invoices still name it) and disappears from every list, search, count and duplicate check.
 */
export async function deleteCustomer(ctx: CallerContext, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .update(customers)
      .set({ deletedAt: new Date() })
      .where(and(eq(customers.id, id), live(ctx.companyId)))
      .returning({ id: customers.id });
    if (!deleted.length) return false;
    await adjustCustomerCount(tx, ctx.companyId, -1);
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

export type CustomerAddress = {
  id: number;
  location: string;
  geoData: { placeId?: string; latitude: number; longitude: number } | null;
  unitNumber: string | null;
  notes: string | null;
  isBilling: boolean;
};
export type CustomerAttachment = {
  id: number;
  fileUrl: string;
  fileName: string;
  contentType: string;
  size: number;
  createdAt: string;
};

export type CustomerDetails = {
  id: number;
  companyId: number;
  firstName: string;
  lastName: string | null;
  email: string | null;
  additionalEmails: string[];
  mainPhoneNumber: string | null;
  secondaryPhoneNumbers: string[];
  jobTitle: string | null;
  ownCompanyName: string | null;
  areTextMessagesAllowed: boolean;
  notes: string | null;
  addresses: CustomerAddress[];
  billingAddress: CustomerAddress | null;
  tags: { id: number; label: string }[];
  leadSources: { id: number; name: string }[];
  leadSourceIds: number[] | null;
  createdByUserId: number | null;
  createdAt: string;
  attachments: CustomerAttachment[];
};

export async function getCustomerAddresses(
  ctx: CallerContext,
  customerId: number,
  exec: Executor = db,
): Promise<CustomerAddress[]> {
  return exec
    .select({
      id: customerAddresses.id,
      location: customerAddresses.location,
      geoData: customerAddresses.geoData,
      unitNumber: customerAddresses.unitNumber,
      notes: customerAddresses.notes,
      isBilling: customerAddresses.isBilling,
    })
    .from(customerAddresses)
    .where(and(eq(customerAddresses.customerId, customerId), eq(customerAddresses.companyId, ctx.companyId)))
    .orderBy(asc(customerAddresses.position), asc(customerAddresses.id));
}

/** The fields a customer is made of, as the profile and the export read them. */
export const customerFields = {
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
  additionalEmails: customers.additionalEmails,
  mainPhoneNumber: customers.mainPhoneNumber,
  secondaryPhoneNumbers: customers.secondaryPhoneNumbers,
  jobTitle: customers.jobTitle,
  ownCompanyName: customers.ownCompanyName,
  areTextMessagesAllowed: customers.areTextMessagesAllowed,
  notes: customers.notes,
  tagIds: customers.tagIds,
  leadSourceIds: customers.leadSourceIds,
};

/** The whole customer for the profile and GET {id}; null when missing, deleted or another company's. */
export async function getCustomer(ctx: CallerContext, id: number): Promise<CustomerDetails | null> {
  const [row] = await db
    .select({
      id: customers.id,
      companyId: customers.companyId,
      ...customerFields,
      createdByUserId: customers.createdByUserId,
      createdAt: customers.createdAt,
    })
    .from(customers)
    .where(and(eq(customers.id, id), live(ctx.companyId)))
    .limit(1);
  if (!row) return null;
  const [addresses, tagRows, sourceRows, attachments] = await Promise.all([
    getCustomerAddresses(ctx, id),
    tagLabels(ctx, row.tagIds),
    row.leadSourceIds.length
      ? db
          .select({ id: leadSources.id, name: leadSources.name })
          .from(leadSources)
          .where(and(eq(leadSources.companyId, ctx.companyId), inArray(leadSources.id, row.leadSourceIds)))
          .orderBy(asc(sql`lower(${leadSources.name})`))
      : Promise.resolve([]),
    listCustomerAttachments(ctx, id),
  ]);
  const { tagIds: _tagIds, ...rest } = row;
  return {
    ...rest,
    createdAt: row.createdAt.toISOString(),
    addresses,
    billingAddress: addresses.find((a) => a.isBilling) ?? addresses[0] ?? null,
    tags: tagRows,
    leadSources: sourceRows,
    leadSourceIds: sourceRows.length ? sourceRows.map((s) => s.id) : null,
    attachments,
  };
}

export type ReducedCustomer = {
  id: number;
  firstName: string;
  lastName: string | null;
  email: string | null;
  mainPhoneNumber: string | null;
  ownCompanyName: string | null;
  areTextMessagesAllowed: boolean;
  billingAddress: { location: string } | null;
};

const reducedColumns = {
  id: customers.id,
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
  mainPhoneNumber: customers.mainPhoneNumber,
  ownCompanyName: customers.ownCompanyName,
  areTextMessagesAllowed: customers.areTextMessagesAllowed,
  billingLocation: customers.billingLocation,
};
type ReducedRow = { billingLocation: string | null } & Omit<ReducedCustomer, "billingAddress">;
const toReduced = ({ billingLocation, ...r }: ReducedRow): ReducedCustomer => ({
  ...r,
  billingAddress: billingLocation ? { location: billingLocation } : null,
});

/** What a field tech's customer picker answers: picking needs the name, company and address, not every customer's email and phone. */
export type PickerCustomer = Pick<
  ReducedCustomer,
  "id" | "firstName" | "lastName" | "ownCompanyName" | "billingAddress"
>;
const readsContactDetails = (ctx: CallerContext) => ctx.role !== Role.FieldTech;
const toPicker = ({ id, firstName, lastName, ownCompanyName, billingLocation }: ReducedRow): PickerCustomer => ({
  id,
  firstName,
  lastName,
  ownCompanyName,
  billingAddress: billingLocation ? { location: billingLocation } : null,
});

/** A field tech finds customers by what the picker shows (names, company, billing address), never by an email or phone they cannot read. */
function matchesPickerFields(row: ReducedRow, terms: string[]): boolean {
  const have = words(
    [row.firstName, row.lastName, row.ownCompanyName, row.billingLocation].filter(Boolean).join(" "),
  ).split(" ");
  return terms.every((term) => have.some((word) => word.startsWith(term)));
}

/** The short form other areas use (job and estimate forms, pickers); a field tech's has no contact details. */
export async function getReducedCustomer(
  ctx: CallerContext,
  id: number,
): Promise<ReducedCustomer | PickerCustomer | null> {
  const [row] = await db
    .select(reducedColumns)
    .from(customers)
    .where(and(eq(customers.id, id), live(ctx.companyId)))
    .limit(1);
  if (!row) return null;
  return readsContactDetails(ctx) ? toReduced(row) : toPicker(row);
}

async function tagLabels(ctx: CallerContext, ids: number[], exec: Executor = db) {
  if (!ids.length) return [];
  return exec
    .select({ id: tags.id, label: tags.name })
    .from(tags)
    .where(and(eq(tags.companyId, ctx.companyId), eq(tags.type, TagType.Customer), inArray(tags.id, ids)))
    .orderBy(asc(sql`lower(${tags.name})`));
}

export type CustomerListQuery = {
  pageNumber: number;
  pageSize: number;
  sortField?: string | null;
  descending?: boolean;
  tagIds?: number[];
  excludeTagIds?: number[];
  searchQuery?: string | null;
};
export type CustomerPage = { items: CustomerListRow[]; total: number; totalIsCapped: boolean };

/** Sort keys match the list indexes (company_id, key..., id), so a page is an index range scan. */
function sortKeys(field: string | null | undefined) {
  switch (field) {
    case "ownCompanyName":
    case "company":
      return [customers.sortCompanyName];
    case "billingAddress":
    case "billingAddress.location":
      return [customers.sortBillingLocation];
    case "createdAt":
      return [customers.createdAt];
    default:
      return [customers.sortFirstName, customers.sortLastName];
  }
}

/** The customer list's filter (live customers of the company, any include tag, no exclude tag, the search): also a campaign audience's. */
export function listFilter(
  ctx: Pick<CallerContext, "companyId">,
  q: Pick<CustomerListQuery, "tagIds" | "excludeTagIds" | "searchQuery">,
) {
  const terms = searchQueryTerms(q.searchQuery);
  const conditions = [
    live(ctx.companyId),
    q.tagIds?.length ? sql`${customers.tagIds} && ${sql.param(q.tagIds)}::integer[]` : undefined,
    q.excludeTagIds?.length ? sql`not (${customers.tagIds} && ${sql.param(q.excludeTagIds)}::integer[])` : undefined,
    terms ? sql`${customers.searchVector} @@ to_tsquery('simple', ${terms})` : undefined,
  ];
  return { where: and(...conditions)!, filtered: !!(terms || q.tagIds?.length || q.excludeTagIds?.length) };
}

/**
 * One page of the customer list. The unfiltered total comes from the company's counter row;
 * a filtered total is counted up to FILTERED_COUNT_CAP (then totalIsCapped), so no request
 * counts a whole 100,000-row company.
 */
export async function listCustomersPage(ctx: CallerContext, q: CustomerListQuery): Promise<CustomerPage> {
  const { where, filtered } = listFilter(ctx, q);
  const keys = sortKeys(q.sortField);
  const offset = (q.pageNumber - 1) * q.pageSize;
  // The unfiltered total comes first, to read a deep page from the nearer end (list-pages.ts).
  let counted: number | null = null;
  if (!filtered) {
    const [counter] = await db
      .select({ count: customerCounts.count })
      .from(customerCounts)
      .where(eq(customerCounts.companyId, ctx.companyId));
    counted = counter?.count ?? 0;
  }
  const scan = scanWindow(offset, q.pageSize, counted);
  const direction = (scan.fromEnd ? !q.descending : !!q.descending) ? desc : asc;
  // A deferred join: the inner query reads only the sort index (an index-only scan, however deep
  // the page), then the page's ten rows are fetched by id, with their tags' labels.
  const page = db
    .select({
      pageId: sql<number>`${customers.id}`.as("page_id"),
      ...Object.fromEntries(keys.map((key, i) => [`key${i}`, sql`${key}`.as(`key${i}`)])),
    })
    .from(customers)
    .where(where)
    .orderBy(...keys.map((k) => direction(k)), direction(customers.id))
    .limit(scan.limit)
    .offset(scan.offset)
    .as("page");
  const pageKeys = keys.map((_, i) => page[`key${i}` as keyof typeof page] as SQL.Aliased);
  // A filtered list's capped count comes in the same round trip (an uncorrelated subquery, run once).
  const hitsQuery = db.select({ n: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1` })
      .from(customers)
      .where(where)
      .limit(FILTERED_COUNT_CAP + 1)
      .as("hits"),
  );
  const scanned = await db
    .select({
      hits: filtered ? sql<number | null>`(${hitsQuery})` : sql<number | null>`null::int`,
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      ownCompanyName: customers.ownCompanyName,
      billingLocation: customers.billingLocation,
      notes: customers.notes,
      tags: sql<{ id: number; label: string }[]>`coalesce((
        select json_agg(json_build_object('id', ${tags.id}, 'label', ${tags.name}) order by array_position(${customers.tagIds}, ${tags.id}))
        from ${tags}
        where ${tags.id} = any(${customers.tagIds}) and ${tags.companyId} = ${ctx.companyId} and ${tags.type} = ${TagType.Customer}
      ), '[]'::json)`,
    })
    .from(customers)
    .innerJoin(page, eq(customers.id, page.pageId))
    .orderBy(...pageKeys.map((k) => direction(k)), direction(page.pageId));
  const rows = scan.fromEnd ? scanned.reverse() : scanned;
  const { total, totalIsCapped } = await pageTotal({
    knownTotal: counted,
    offset,
    pageSize: q.pageSize,
    rowCount: rows.length,
    hits: async () => rows[0]?.hits ?? (await hitsQuery)[0].n,
    cap: FILTERED_COUNT_CAP,
  });
  const items = rows.map(({ hits: _hits, billingLocation, tags: labels, ...r }) => ({
    ...r,
    billingAddress: billingLocation ? { location: billingLocation } : null,
    tags: labels,
  }));
  return { items, total, totalIsCapped };
}

/** Quick search for pickers: up to `limit` matches by name. */
export async function searchCustomers(
  ctx: CallerContext,
  searchQuery: string,
  limit = 20,
): Promise<ReducedCustomer[] | PickerCustomer[]> {
  const terms = searchQueryTerms(searchQuery);
  if (!terms) return [];
  const contactDetails = readsContactDetails(ctx);
  const rows = await db
    .select(reducedColumns)
    .from(customers)
    .where(and(live(ctx.companyId), sql`${customers.searchVector} @@ to_tsquery('simple', ${terms})`))
    .orderBy(asc(customers.sortFirstName), asc(customers.sortLastName), asc(customers.id))
    // A field tech's matches are narrowed to the picker's fields below, so more candidates are read.
    .limit(contactDetails ? limit : limit * 10);
  if (contactDetails) return rows.map(toReduced);
  const wanted = searchWords(searchQuery);
  return rows
    .filter((row) => matchesPickerFields(row, wanted))
    .slice(0, limit)
    .map(toPicker);
}

/** Whether the caller's company has this live customer (for sub-lists and attachments). */
export async function customerExists(ctx: CallerContext, id: number, exec: Executor = db): Promise<boolean> {
  const [row] = await exec
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, id), live(ctx.companyId)))
    .limit(1);
  return !!row;
}

/** Saves geocoded addresses (PATCH {id}/address-geo-data); only the customer's own addresses change. */
export async function saveAddressGeoData(
  ctx: CallerContext,
  customerId: number,
  updates: { id: number; geoData: { placeId?: string; latitude: number; longitude: number } | null }[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await customerExists(ctx, customerId, tx))) return false;
    for (const u of updates) {
      await tx
        .update(customerAddresses)
        .set({ geoData: u.geoData })
        .where(
          and(
            eq(customerAddresses.id, u.id),
            eq(customerAddresses.customerId, customerId),
            eq(customerAddresses.companyId, ctx.companyId),
          ),
        );
    }
    return true;
  });
}

/**
 * The spec's rule on address load: addresses without geoData are geocoded from their location
 * and saved. Does nothing without a maps key (plain text addresses). True when something was saved.
 */
export async function geocodeMissingAddresses(
  ctx: CallerContext,
  customer: { id: number; addresses: CustomerAddress[] },
): Promise<boolean> {
  const adapter = maps();
  const missing = customer.addresses.filter((a) => !a.geoData);
  if (!adapter.enabled || !missing.length) return false;
  const updates = [];
  for (const address of missing) {
    const geoData = await adapter.geocode(address.location).catch(() => null);
    if (geoData) updates.push({ id: address.id, geoData });
  }
  return updates.length > 0 && saveAddressGeoData(ctx, customer.id, updates);
}

export async function listCustomerAttachments(
  ctx: CallerContext,
  customerId: number,
  exec: Executor = db,
): Promise<CustomerAttachment[]> {
  const rows = await exec
    .select({
      id: customerAttachments.id,
      storageKey: customerAttachments.storageKey,
      fileName: customerAttachments.fileName,
      contentType: customerAttachments.contentType,
      size: customerAttachments.size,
      createdAt: customerAttachments.createdAt,
    })
    .from(customerAttachments)
    .where(and(eq(customerAttachments.customerId, customerId), eq(customerAttachments.companyId, ctx.companyId)))
    .orderBy(asc(customerAttachments.createdAt), asc(customerAttachments.id));
  return rows.map(({ storageKey, createdAt, ...r }) => ({
    ...r,
    fileUrl: fileUrl(storageKey),
    createdAt: createdAt.toISOString(),
  }));
}
