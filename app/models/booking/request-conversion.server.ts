import { and, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "~/db.server";
import {
  bookingRequestPhotos,
  bookingRequests,
  bookingRequestTimelineEvents,
  customerAddresses,
  customers,
  jobAttachments,
  priceListItems,
  users,
} from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { Role } from "~/access/roles";
import {
  BookingRequestEvent,
  BookingRequestStatus,
  QuestionType,
  type BookingAnswer,
} from "~/models/booking/booking.schema";
import { createCustomer } from "~/models/customers/customers.server";
import { createEstimate } from "~/models/estimates/estimates.server";
import { createJob } from "~/models/jobs/jobs.server";
import { TEXT_MAX } from "~/models/jobs/jobs.schema";
import type { LineItemInput } from "~/models/line-items/line-items.schema";
import { RuleError } from "~/models/rules";
import { parseKey, readStoredFile, saveFile } from "~/services/storage.server";
import { normalizePhone } from "~/utils/validation";

/** A request that cannot be converted (already converted): shown on the request's page. */
export class RequestConversionError extends RuleError {
  constructor(message: string) {
    super({ _global: message });
  }
}

export const ALREADY_CONVERTED = "This request was already converted";

type RequestRow = typeof bookingRequests.$inferSelect;

/**
 * The conversion acts for the office: the caller's access was checked. Without a person (the public
 * form creating a job at once) the rows record no user; those columns are nullable.
 */
const officeContext = (companyId: number, actorUserId: number | null): CallerContext => ({
  companyId,
  userId: actorUserId as number,
  role: Role.OfficeStaff,
});

async function lockRequest(exec: Executor, companyId: number, requestId: number): Promise<RequestRow | null> {
  const [row] = await exec
    .select()
    .from(bookingRequests)
    .where(and(eq(bookingRequests.id, requestId), eq(bookingRequests.companyId, companyId)))
    .for("update");
  if (!row) return null;
  if (row.status === BookingRequestStatus.ConvertedToJob || row.status === BookingRequestStatus.ConvertedToEstimate)
    throw new RequestConversionError(ALREADY_CONVERTED);
  return row;
}

export const addRequestTimeline = (
  exec: Executor,
  companyId: number,
  requestId: number,
  actorUserId: number | null,
  type: number,
  data: Record<string, unknown> | null = null,
) =>
  exec.insert(bookingRequestTimelineEvents).values({
    companyId,
    requestId,
    type,
    actorType: actorUserId ? 1 : 0,
    actorUserId,
    data,
  });

/**
 * The customer of the request: the assigned one, else a live customer with the request's email or
 * phone (the same person booking again; duplicates are refused anyway), else a new customer made
 * from the contact details and the address.
 */
export async function customerForRequest(
  exec: Executor,
  ctx: CallerContext,
  request: RequestRow,
): Promise<{ customerId: number; created: boolean }> {
  if (request.customerId) return { customerId: request.customerId, created: false };
  const phone = request.phone ? normalizePhone(request.phone) : null;
  const email = request.email?.trim().toLowerCase() || null;
  if (email || phone) {
    const [same] = await exec
      .select({ id: customers.id })
      .from(customers)
      .where(
        and(
          eq(customers.companyId, ctx.companyId),
          isNull(customers.deletedAt),
          email && phone
            ? sql`(lower(${customers.email}) = ${email} or ${customers.mainPhoneNumber} = ${phone})`
            : email
              ? sql`lower(${customers.email}) = ${email}`
              : eq(customers.mainPhoneNumber, phone as string),
        ),
      )
      .limit(1);
    if (same) return { customerId: same.id, created: false };
  }
  const customerId = await createCustomer(
    ctx,
    {
      email,
      firstName: request.firstName,
      lastName: request.lastName || null,
      additionalEmails: [],
      mainPhoneNumber: phone,
      secondaryPhoneNumbers: [],
      jobTitle: null,
      ownCompanyName: null,
      areTextMessagesAllowed: true,
      addresses: [
        {
          id: undefined,
          location: request.location,
          geoData: request.geoData ?? null,
          unitNumber: request.unitNumber,
          notes: null,
          isBilling: true,
        },
      ],
      notes: null,
      tagIds: [],
      leadSourceIds: null,
    },
    exec,
  );
  return { customerId, created: true };
}

/** Sets the request's customer and records it on its timeline (a new customer says so). */
export async function linkCustomer(
  exec: Executor,
  request: RequestRow,
  actorUserId: number | null,
  customer: { customerId: number; created: boolean },
) {
  if (request.customerId === customer.customerId) return;
  await exec
    .update(bookingRequests)
    .set({ customerId: customer.customerId, updatedAt: new Date() })
    .where(eq(bookingRequests.id, request.id));
  await addRequestTimeline(exec, request.companyId, request.id, actorUserId, BookingRequestEvent.CustomerAssigned, {
    customerId: customer.customerId,
    isNewCustomer: customer.created,
  });
}

/** "Question: answer" lines; photo answers are the attachments instead. */
export function answerLines(answers: BookingAnswer[]): string[] {
  return answers.flatMap((a) => {
    if (a.type === QuestionType.UploadImage) return [];
    const value = Array.isArray(a.value) ? a.value.join(", ") : (a.value ?? "");
    if (!value.trim()) return [];
    // A question that ends in its own punctuation ("What is wrong?") takes no colon.
    return [/[?:]$/.test(a.label.trim()) ? `${a.label.trim()} ${value}` : `${a.label}: ${value}`];
  });
}

/** The record's description: the customer's notes, then the answers. */
function descriptionOf(request: RequestRow): string | undefined {
  const text = [request.notes?.trim(), answerLines(request.answers).join("\n")].filter(Boolean).join("\n\n");
  return text ? text.slice(0, TEXT_MAX) : undefined;
}

/** The requested service as a line at its price book price (none when the item was deleted). */
async function serviceLines(exec: Executor, request: RequestRow): Promise<LineItemInput[]> {
  if (!request.priceListItemId) return [];
  const [item] = await exec
    .select({
      id: priceListItems.id,
      name: priceListItems.name,
      description: priceListItems.description,
      priceCents: priceListItems.priceCents,
      costCents: priceListItems.costCents,
      isTaxable: priceListItems.isTaxable,
      itemType: priceListItems.itemType,
    })
    .from(priceListItems)
    .where(and(eq(priceListItems.id, request.priceListItemId), eq(priceListItems.companyId, request.companyId)));
  if (!item) return [];
  return [
    {
      kind: item.itemType,
      name: item.name,
      description: item.description ?? undefined,
      quantity: 1,
      unitPrice: item.priceCents,
      cost: item.costCents,
      isTaxable: item.isTaxable,
      imageUrl: undefined,
      priceListItemId: item.id,
    },
  ];
}

/** The booked employee while still a live member of the company. */
async function liveEmployee(exec: Executor, request: RequestRow): Promise<number[]> {
  if (!request.employeeId) return [];
  const [row] = await exec
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, request.employeeId), eq(users.companyId, request.companyId), isNull(users.deletedAt)));
  return row ? [row.id] : [];
}

/** The customer's property at the request's address, so the record points at it. */
async function addressAt(exec: Executor, customerId: number, location: string) {
  const [row] = await exec
    .select({ id: customerAddresses.id })
    .from(customerAddresses)
    .where(
      and(
        eq(customerAddresses.customerId, customerId),
        sql`lower(trim(${customerAddresses.location})) = ${location.trim().toLowerCase()}`,
      ),
    )
    .limit(1);
  return row?.id;
}

/** What a job and an estimate take from the request alike. */
async function recordFields(exec: Executor, request: RequestRow, customerId: number) {
  const customerAddressId = await addressAt(exec, customerId, request.location);
  return {
    customerId,
    customerAddressId,
    location: customerAddressId ? undefined : request.location,
    name: request.serviceName ?? undefined,
    description: descriptionOf(request),
    startTime: request.startTime,
    endTime: request.endTime,
    timezone: request.timezone,
    employeeIds: await liveEmployee(exec, request),
    taxRate: 0,
    discount: 0,
    tags: [],
    bookingRequestId: request.id,
  };
}

/**
 * The request's photos as the job's attachments. The bytes are copied under the job's folder, so
 * removing one from the job (which deletes its file) leaves the request's photo in place.
 */
async function copyPhotos(exec: Executor, request: RequestRow, jobId: number, actorUserId: number | null) {
  const photos = await exec
    .select()
    .from(bookingRequestPhotos)
    .where(eq(bookingRequestPhotos.requestId, request.id))
    .orderBy(bookingRequestPhotos.createdAt, bookingRequestPhotos.id);
  for (const photo of photos) {
    const parts = parseKey(photo.storageKey);
    const stored = parts && (await readStoredFile(photo.storageKey));
    if (!parts || !stored) continue;
    const copy = await saveFile({
      companyId: request.companyId,
      folder: "jobs",
      extension: parts.extension,
      data: stored.data,
    });
    await exec.insert(jobAttachments).values({
      companyId: request.companyId,
      jobId,
      storageKey: copy.key,
      fileUrl: copy.url,
      fileName: photo.fileName,
      contentType: photo.contentType,
      sizeBytes: photo.sizeBytes,
      uploadedByUserId: actorUserId,
    });
  }
}

/** The locked request, its customer (assigned, matched or new) linked, and the fields of the record it becomes. */
async function startConversion(exec: Executor, companyId: number, requestId: number, actorUserId: number | null) {
  const request = await lockRequest(exec, companyId, requestId);
  if (!request) throw new RequestConversionError("Booking request not found");
  const ctx = officeContext(companyId, actorUserId);
  const customer = await customerForRequest(exec, ctx, request);
  await linkCustomer(exec, request, actorUserId, customer);
  const fields = await recordFields(exec, request, customer.customerId);
  return { request, ctx, fields };
}

/** The request becomes "Converted to job" or "Converted to estimate", linked to the new record, on its timeline too. */
async function finishConversion(
  exec: Executor,
  request: { id: number; companyId: number },
  actorUserId: number | null,
  made: { jobId: number } | { estimateId: number },
) {
  const [status, event] =
    "jobId" in made
      ? [BookingRequestStatus.ConvertedToJob, BookingRequestEvent.ConvertedToJob]
      : [BookingRequestStatus.ConvertedToEstimate, BookingRequestEvent.ConvertedToEstimate];
  await exec
    .update(bookingRequests)
    .set({ status, ...made, updatedAt: new Date() })
    .where(eq(bookingRequests.id, request.id));
  await addRequestTimeline(exec, request.companyId, request.id, actorUserId, event, made);
}

/**
 * Turns a booking request into a job in the caller's transaction: its customer (assigned, matched
 * or new), the service as a line at its price, the window as the visit with the booked employee,
 * the notes and answers as the description, the photos as attachments; the request becomes
 * "Converted to job" (status 5). The caller publishes the new-requests counter after commit.
 */
export async function convertRequestToJob(
  exec: Executor,
  companyId: number,
  requestId: number,
  actorUserId: number | null,
): Promise<{ jobId: number }> {
  const { request, ctx, fields } = await startConversion(exec, companyId, requestId, actorUserId);
  const job = await createJob(ctx, { ...fields, lineItems: await serviceLines(exec, request) }, new Date(), exec);
  await copyPhotos(exec, request, job.id, actorUserId);
  await finishConversion(exec, request, actorUserId, { jobId: job.id });
  return { jobId: job.id };
}

/**
 * Turns a booking request into an estimate in the caller's transaction (one option with the
 * service line, the window as its visit); the request becomes "Converted to estimate" (status 6).
 */
export async function convertRequestToEstimate(
  exec: Executor,
  companyId: number,
  requestId: number,
  actorUserId: number | null,
): Promise<{ estimateId: number }> {
  const { request, ctx, fields } = await startConversion(exec, companyId, requestId, actorUserId);
  const lineItems = (await serviceLines(exec, request)).map((line) => ({
    ...line,
    isOptional: false,
    isRecommended: false,
    isApproved: false,
  }));
  const estimate = await createEstimate(
    ctx,
    { ...fields, privateNotes: undefined, message: undefined, options: [{ name: "Option 1", lineItems }] },
    exec,
  );
  await finishConversion(exec, request, actorUserId, { estimateId: estimate.id });
  return { estimateId: estimate.id };
}
