import { json } from "@remix-run/node";
import { z } from "zod";
import { notFound, type CallerContext } from "~/access/access.server";
import { unknownIntent } from "~/http/forms.server";
import { parseNested } from "~/http/request-data.server";
import { bookingRequestUpdateSchema } from "~/models/booking/booking.schema";
import {
  assignCustomer,
  assignNewCustomer,
  convertToEstimate,
  convertToJob,
  deleteRequest,
  markRequestBad,
  markRequestPast,
  updateRequest,
} from "~/models/booking/requests.server";
import { RuleError } from "~/models/rules";
import { toasts } from "~/sessions.server";
import { fieldErrors } from "~/utils/validation";

const customerIdSchema = z.object({ customerId: z.coerce.number().int().positive("Choose a customer") });

/** A refused form of the page: 422 with the errors and what was typed. */
const refused = (errors: Record<string, string>, values: Record<string, unknown>) =>
  json({ errors, values }, { status: 422 });

/** The request page's forms, one intent each; every success redirects (Post/Redirect/Get) with a toast. */
export async function requestDetailsAction(request: Request, ctx: CallerContext, id: number): Promise<Response> {
  if (!Number.isSafeInteger(id) || id <= 0) notFound();
  const form = parseNested(await request.formData()) as Record<string, unknown>;
  const page = `/booking-requests/${id}`;
  const done = (ok: unknown, message: string, to = page) =>
    ok ? toasts().redirectWithSuccess(to, message) : notFound();
  try {
    switch (form.intent) {
      case "assign": {
        const input = customerIdSchema.safeParse(form);
        if (!input.success) return refused(fieldErrors(input.error), form);
        return done(await assignCustomer(ctx, id, input.data.customerId), "Request was assigned to the customer");
      }
      case "newCustomer":
        return done(await assignNewCustomer(ctx, id), "Customer was created from the request");
      case "bad":
        return done(await markRequestBad(ctx, id), "Request was marked as a bad request");
      case "past":
        return done(await markRequestPast(ctx, id), "Request was moved to past requests");
      case "edit": {
        const input = bookingRequestUpdateSchema.safeParse(form);
        if (!input.success) return refused(fieldErrors(input.error), form);
        return done(await updateRequest(ctx, id, input.data), "Request was updated successfully!");
      }
      case "delete":
        return done(await deleteRequest(ctx, id), "Request was deleted successfully!", "/booking-requests");
      case "toJob": {
        const converted = await convertToJob(ctx, id);
        return done(converted, "Request was converted to a job", converted ? `/jobs/${converted.jobId}` : page);
      }
      case "toEstimate": {
        const converted = await convertToEstimate(ctx, id);
        return done(
          converted,
          "Request was converted to an estimate",
          converted ? `/estimates/${converted.estimateId}` : page,
        );
      }
      default:
        return unknownIntent();
    }
  } catch (error) {
    if (error instanceof RuleError) return refused({ _global: error.message, ...error.fieldErrors }, form);
    throw error;
  }
}
