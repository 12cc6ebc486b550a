import { json, type ActionFunctionArgs } from "@remix-run/node";
import {
  apiNotFound,
  methodNotAllowed,
  optionalApiAccess,
  parseOr400,
  readBody,
  recordIdParam,
  withRuleErrors,
} from "~/http/api.server";
import { screens } from "~/access/route-table";
import { bookingSubmissionSchema } from "~/models/booking/booking.schema";
import { publicFormOfCompany, submitBookingRequest } from "~/models/booking/submission.server";
import { clientAddress, consumeAttempt, RateLimited, tooManyAttempts } from "~/services/rate-limits.server";

/**
 * POST /api/booking-requests/public/{companyId}/send (public): the submission with its answers →
 * 201 {data: the stored request}, or 200 with the same request when its submissionKey was sent before.
 * An unknown company or a form that is off is 404.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  await optionalApiAccess({ request, context }, screens.onlineBooking);
  if (request.method !== "POST") return methodNotAllowed();
  const form = await publicFormOfCompany(recordIdParam(params.companyId));
  if (!form) return apiNotFound();
  try {
    await consumeAttempt("bookingRequest", { account: `form-${form.company.id}`, address: clientAddress(context) });
  } catch (error) {
    if (error instanceof RateLimited) return tooManyAttempts(error);
    throw error;
  }
  const input = parseOr400(bookingSubmissionSchema, await readBody(request));
  // A robot filled the hidden field: it gets an answer that looks like success, and nothing is kept.
  if (input.website) return json({ data: null }, { status: 201 });
  return withRuleErrors(async () => {
    const { request: stored, created } = await submitBookingRequest(form, input);
    return json({ data: stored }, { status: created ? 201 : 200 });
  });
}
