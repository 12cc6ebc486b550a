import { and, count, eq } from "drizzle-orm";
import { db, type Executor } from "~/db.server";
import { bookingRequests } from "~/db/schema";
import { BookingRequestStatus } from "~/models/booking/booking.schema";
import { notifyCompany, RealtimeEvent } from "~/services/realtime/index.server";

/** The header's 'Requests' badge: the company's new requests (status new, not moved to past). */
export async function countNewRequests(companyId: number, exec: Executor = db): Promise<number> {
  const [row] = await exec
    .select({ count: count() })
    .from(bookingRequests)
    .where(
      and(
        eq(bookingRequests.companyId, companyId),
        eq(bookingRequests.status, BookingRequestStatus.New),
        eq(bookingRequests.isPast, false),
      ),
    );
  return row?.count ?? 0;
}

/**
 * Tells the company's signed-in staff the count changed (SendNewBookingRequestCounter with
 * `{ count }`), after the change has committed: every change of a request's status or past flag
 * calls it, so every open header shows the same number.
 */
export async function publishNewRequestCounter(companyId: number): Promise<void> {
  notifyCompany(companyId, RealtimeEvent.NewBookingRequestCounter, { count: await countNewRequests(companyId) });
}
