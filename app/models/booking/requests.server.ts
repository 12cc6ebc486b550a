import { and, asc, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db, type Executor } from "~/db.server";
import { bookingRequestPhotos, bookingRequests, bookingRequestTimelineEvents, customers, users } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import type { Paging } from "~/http/query-schemas";
import {
  BOOKING_REQUEST_SORT_FIELDS,
  BookingRequestEvent,
  BookingRequestStatus,
  type BookingRequestUpdateInput,
} from "~/models/booking/booking.schema";
import {
  addRequestTimeline,
  ALREADY_CONVERTED,
  convertRequestToEstimate,
  convertRequestToJob,
  customerForRequest,
  linkCustomer,
  RequestConversionError,
} from "~/models/booking/request-conversion.server";
import { publishNewRequestCounter } from "~/models/booking/request-counter.server";
import { deleteFile } from "~/services/storage.server";

// The office side of booking requests (spec part 2 sections 4 and 7): every write matches the
// request on id and company together, records itself on the request's timeline, and, once
// committed, tells open headers the new-requests count when it may have changed.

const own = (ctx: CallerContext, id: number) =>
  and(eq(bookingRequests.id, id), eq(bookingRequests.companyId, ctx.companyId));

const isConverted = (status: number) =>
  status === BookingRequestStatus.ConvertedToJob || status === BookingRequestStatus.ConvertedToEstimate;

const contactName = sql<string>`trim(${bookingRequests.firstName} || ' ' || ${bookingRequests.lastName})`;

const sortKeys: Record<(typeof BOOKING_REQUEST_SORT_FIELDS)[number], SQL> = {
  createdAt: sql`${bookingRequests.createdAt}`,
  startTime: sql`${bookingRequests.startTime}`,
  status: sql`${bookingRequests.status}`,
  customerName: sql`lower(${contactName})`,
};

export type BookingRequestListItem = Awaited<ReturnType<typeof listRequestsPage>>["items"][number];

/** GET /booking-requests/page: the open list, or the past one; newest first unless sorted. */
export async function listRequestsPage(ctx: CallerContext, query: { paging: Paging; isPastRequest: boolean }) {
  const where = and(eq(bookingRequests.companyId, ctx.companyId), eq(bookingRequests.isPast, query.isPastRequest));
  const sort = query.paging.sortSettings.find((s) =>
    (BOOKING_REQUEST_SORT_FIELDS as readonly string[]).includes(s.fieldName),
  );
  const key = sort ? sortKeys[sort.fieldName as keyof typeof sortKeys] : sortKeys.createdAt;
  const direction = sort ? (sort.descending ? desc : asc) : desc;
  const { pageNumber, pageSize } = query.paging;
  const [items, [{ total }]] = await Promise.all([
    db
      .select({
        id: bookingRequests.id,
        status: bookingRequests.status,
        isPast: bookingRequests.isPast,
        createdAt: bookingRequests.createdAt,
        startTime: bookingRequests.startTime,
        endTime: bookingRequests.endTime,
        timezone: bookingRequests.timezone,
        serviceName: bookingRequests.serviceName,
        firstName: bookingRequests.firstName,
        lastName: bookingRequests.lastName,
        email: bookingRequests.email,
        phone: bookingRequests.phone,
        location: bookingRequests.location,
        customerId: bookingRequests.customerId,
        customerName: sql<
          string | null
        >`nullif(trim(${customers.firstName} || ' ' || coalesce(${customers.lastName}, '')), '')`,
        jobId: bookingRequests.jobId,
        estimateId: bookingRequests.estimateId,
      })
      .from(bookingRequests)
      .leftJoin(customers, eq(customers.id, bookingRequests.customerId))
      .where(where)
      .orderBy(direction(key), direction(bookingRequests.id))
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(bookingRequests)
      .where(where),
  ]);
  return { items, total };
}

const actors = alias(users, "actors");

/** GET /booking-requests/{id}: the request with its answers, photos, customer and timeline; null when not the company's. */
export async function getRequest(ctx: CallerContext, id: number) {
  const [request] = await db
    .select({
      request: bookingRequests,
      customerName: sql<
        string | null
      >`nullif(trim(${customers.firstName} || ' ' || coalesce(${customers.lastName}, '')), '')`,
      employeeName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
    })
    .from(bookingRequests)
    .leftJoin(customers, eq(customers.id, bookingRequests.customerId))
    .leftJoin(users, eq(users.id, bookingRequests.employeeId))
    .where(own(ctx, id));
  if (!request) return null;
  const [photos, timeline] = await Promise.all([
    db
      .select({
        id: bookingRequestPhotos.id,
        questionId: bookingRequestPhotos.questionId,
        fileUrl: bookingRequestPhotos.fileUrl,
        fileName: bookingRequestPhotos.fileName,
        contentType: bookingRequestPhotos.contentType,
      })
      .from(bookingRequestPhotos)
      .where(eq(bookingRequestPhotos.requestId, id))
      .orderBy(asc(bookingRequestPhotos.createdAt), asc(bookingRequestPhotos.id)),
    db
      .select({
        id: bookingRequestTimelineEvents.id,
        type: bookingRequestTimelineEvents.type,
        actorType: bookingRequestTimelineEvents.actorType,
        actorName: sql<string | null>`nullif(trim(${actors.firstName} || ' ' || ${actors.lastName}), '')`,
        data: bookingRequestTimelineEvents.data,
        at: bookingRequestTimelineEvents.at,
      })
      .from(bookingRequestTimelineEvents)
      .leftJoin(actors, eq(actors.id, bookingRequestTimelineEvents.actorUserId))
      .where(eq(bookingRequestTimelineEvents.requestId, id))
      .orderBy(asc(bookingRequestTimelineEvents.at), asc(bookingRequestTimelineEvents.id)),
  ]);
  const { submissionKey: _key, ...fields } = request.request;
  return {
    ...fields,
    customerName: request.customerName,
    employeeName: request.employeeName,
    photos,
    timeline,
  };
}
export type BookingRequestDetails = NonNullable<Awaited<ReturnType<typeof getRequest>>>;

/** The request locked for a change, or null when not the company's. */
async function lockOwn(tx: Executor, ctx: CallerContext, id: number) {
  const [row] = await tx.select().from(bookingRequests).where(own(ctx, id)).for("update");
  return row ?? null;
}

/** A change that may move the new-requests count: the counter is published after it commits. */
async function changeCounted<T>(ctx: CallerContext, work: (tx: Executor) => Promise<T | null>): Promise<T | null> {
  const result = await db.transaction(work);
  if (result !== null) await publishNewRequestCounter(ctx.companyId);
  return result;
}

/** Opening a new request marks it viewed (status 1). True when it was new. */
export async function markRequestViewed(ctx: CallerContext, id: number): Promise<boolean> {
  const changed = await changeCounted(ctx, async (tx) => {
    const [row] = await tx
      .update(bookingRequests)
      .set({ status: BookingRequestStatus.Viewed, viewedAt: new Date(), updatedAt: new Date() })
      .where(and(own(ctx, id), eq(bookingRequests.status, BookingRequestStatus.New)))
      .returning({ id: bookingRequests.id });
    if (!row) return null;
    await addRequestTimeline(tx, ctx.companyId, id, ctx.userId, BookingRequestEvent.Viewed);
    return true;
  });
  return changed ?? false;
}

/** PATCH /booking-requests/{id}/assign-customer/{customerId}; null when either is not the company's. */
export async function assignCustomer(ctx: CallerContext, id: number, customerId: number): Promise<true | null> {
  return db.transaction(async (tx) => {
    const request = await lockOwn(tx, ctx, id);
    if (!request) return null;
    const [customer] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, customerId), eq(customers.companyId, ctx.companyId), isNull(customers.deletedAt)));
    if (!customer) return null;
    await linkCustomer(tx, request, ctx.userId, { customerId, created: false });
    return true;
  });
}

/** The details page's "Create customer": a customer from the request's contact and address. */
export async function assignNewCustomer(ctx: CallerContext, id: number): Promise<{ customerId: number } | null> {
  return db.transaction(async (tx) => {
    const request = await lockOwn(tx, ctx, id);
    if (!request) return null;
    if (request.customerId) return { customerId: request.customerId };
    const customer = await customerForRequest(tx, ctx, request);
    await linkCustomer(tx, request, ctx.userId, customer);
    return { customerId: customer.customerId };
  });
}

/** PATCH /booking-requests/{id}/bad-request: status 3 (a converted request keeps its status). */
export function markRequestBad(ctx: CallerContext, id: number): Promise<true | null> {
  return changeCounted(ctx, async (tx) => {
    const request = await lockOwn(tx, ctx, id);
    if (!request) return null;
    if (isConverted(request.status)) throw new RequestConversionError(ALREADY_CONVERTED);
    if (request.status === BookingRequestStatus.BadRequest) return true;
    await tx
      .update(bookingRequests)
      .set({ status: BookingRequestStatus.BadRequest, updatedAt: new Date() })
      .where(eq(bookingRequests.id, id));
    await addRequestTimeline(tx, ctx.companyId, id, ctx.userId, BookingRequestEvent.MarkedBad, {
      fromStatus: request.status,
    });
    return true;
  });
}

/** PATCH /booking-requests/{id}/past-request: moves it to the past list (and frees its window). */
export function markRequestPast(ctx: CallerContext, id: number): Promise<true | null> {
  return changeCounted(ctx, async (tx) => {
    const request = await lockOwn(tx, ctx, id);
    if (!request) return null;
    if (request.isPast) return true;
    await tx.update(bookingRequests).set({ isPast: true, updatedAt: new Date() }).where(eq(bookingRequests.id, id));
    await addRequestTimeline(tx, ctx.companyId, id, ctx.userId, BookingRequestEvent.MarkedPast);
    return true;
  });
}

/** PUT /booking-requests/{id}: the contact, address, notes and (open statuses only) status. */
export function updateRequest(ctx: CallerContext, id: number, input: BookingRequestUpdateInput): Promise<true | null> {
  return changeCounted(ctx, async (tx) => {
    const request = await lockOwn(tx, ctx, id);
    if (!request) return null;
    const next = {
      firstName: input.firstName,
      lastName: input.lastName ?? "",
      email: input.email ?? null,
      phone: input.phone ?? null,
      location: input.location,
      unitNumber: input.unitNumber ?? null,
      notes: input.notes ?? null,
      // The coordinates belonged to the old address text.
      geoData: input.location.trim() === request.location.trim() ? request.geoData : null,
    };
    const changed = (Object.keys(next) as (keyof typeof next)[]).filter(
      (k) => k !== "geoData" && (request[k] ?? null) !== (next[k] ?? null),
    );
    const status = input.status !== undefined && input.status !== request.status ? input.status : undefined;
    if (status !== undefined && isConverted(request.status)) throw new RequestConversionError(ALREADY_CONVERTED);
    if (changed.length === 0 && status === undefined) return true;
    await tx
      .update(bookingRequests)
      .set({ ...next, ...(status === undefined ? {} : { status }), updatedAt: new Date() })
      .where(eq(bookingRequests.id, id));
    await addRequestTimeline(tx, ctx.companyId, id, ctx.userId, BookingRequestEvent.Edited, {
      fields: changed,
      ...(status === undefined ? {} : { fromStatus: request.status, toStatus: status }),
    });
    return true;
  });
}

/** DELETE /booking-requests/{id}: the request, its photos and timeline (a job made from it stays). */
export async function deleteRequest(ctx: CallerContext, id: number): Promise<true | null> {
  const keys = await changeCounted(ctx, async (tx) => {
    const photos = await tx
      .select({ key: bookingRequestPhotos.storageKey })
      .from(bookingRequestPhotos)
      .where(and(eq(bookingRequestPhotos.requestId, id), eq(bookingRequestPhotos.companyId, ctx.companyId)));
    const [row] = await tx.delete(bookingRequests).where(own(ctx, id)).returning({ id: bookingRequests.id });
    return row ? photos.map((p) => p.key) : null;
  });
  if (keys === null) return null;
  await Promise.all(keys.map(deleteFile));
  return true;
}

/** Converts to a job (status 5) for the caller; null when the request is not the company's. */
export function convertToJob(ctx: CallerContext, id: number): Promise<{ jobId: number } | null> {
  return changeCounted(ctx, async (tx) =>
    (await lockOwn(tx, ctx, id)) ? convertRequestToJob(tx, ctx.companyId, id, ctx.userId) : null,
  );
}

/** Converts to an estimate (status 6) for the caller; null when the request is not the company's. */
export function convertToEstimate(ctx: CallerContext, id: number): Promise<{ estimateId: number } | null> {
  return changeCounted(ctx, async (tx) =>
    (await lockOwn(tx, ctx, id)) ? convertRequestToEstimate(tx, ctx.companyId, id, ctx.userId) : null,
  );
}
