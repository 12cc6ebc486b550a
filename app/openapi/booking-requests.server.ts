import { z } from "zod";
import { idParamsSchema } from "~/http/query-schemas";
import { bookingRequestPageQuerySchema, bookingRequestUpdateSchema } from "~/models/booking/booking.schema";
import { pageOf, registerCall } from "~/openapi/registry.server";

const access = "office staff, company admin and super admin (a field tech is refused with 403)";
const tag = "Booking requests";
const id = idParamsSchema;
const statusText = "0 new, 1 viewed, 2 pending, 3 bad request, 4 resolved, 5 converted to job, 6 converted to estimate";
const row = z
  .object({
    id: z.number().int(),
    status: z.number().int().openapi({ description: statusText }),
    isPast: z.boolean(),
    createdAt: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    timezone: z.string(),
    serviceName: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    location: z.string(),
    customerId: z.number().int().nullable(),
    customerName: z.string().nullable(),
    jobId: z.number().int().nullable(),
    estimateId: z.number().int().nullable(),
  })
  .passthrough();
const request = row.extend({
  answers: z.array(
    z.object({
      questionId: z.number().int(),
      type: z.number().int(),
      label: z.string(),
      value: z.union([z.string(), z.array(z.string())]).nullable(),
    }),
  ),
  photos: z.array(z.object({ id: z.number().int(), fileUrl: z.string(), fileName: z.string() }).passthrough()),
  timeline: z.array(
    z
      .object({ id: z.number().int(), type: z.number().int(), at: z.string(), actorName: z.string().nullable() })
      .passthrough(),
  ),
});
const data = z.object({ data: request });

registerCall({
  method: "get",
  path: "/booking-requests/new-counter",
  tag,
  access,
  summary: "The count of new booking requests (status 0, not past): the header's Requests badge",
  response: z.object({ count: z.number().int() }),
});
registerCall({
  method: "get",
  path: "/booking-requests/page",
  tag,
  access,
  summary:
    "A page of booking requests, newest first; isPastRequest=true lists the past ones. Paging also as pagingSettings.pageNumber=...; sort fields createdAt, startTime, status, customerName",
  paging: true,
  query: bookingRequestPageQuerySchema,
  response: pageOf(row),
});
registerCall({
  method: "get",
  path: "/booking-requests/{id}",
  tag,
  access,
  summary: "A booking request with its answers, photos and timeline",
  params: id,
  response: data,
});
registerCall({
  method: "put",
  path: "/booking-requests/{id}",
  tag,
  access,
  summary: "Correct the contact, address and notes; status may be set to new, viewed, pending or resolved",
  params: id,
  body: bookingRequestUpdateSchema,
  response: data,
});
registerCall({
  method: "delete",
  path: "/booking-requests/{id}",
  tag,
  access,
  summary: "Delete a booking request with its photos and timeline (a job or estimate made from it stays)",
  params: id,
  response: z.object({ data: z.object({ id: z.number().int() }) }),
});
registerCall({
  method: "patch",
  path: "/booking-requests/{id}/assign-customer/{customerId}",
  tag,
  access,
  summary: "Assign the request to a customer of the company (another company's customer answers 404)",
  params: id.extend({ customerId: z.coerce.number().int().positive() }),
  response: data,
});
registerCall({
  method: "patch",
  path: "/booking-requests/{id}/bad-request",
  tag,
  access,
  summary: "Mark the request as a bad request (status 3); a converted request answers 400",
  params: id,
  response: data,
});
registerCall({
  method: "patch",
  path: "/booking-requests/{id}/past-request",
  tag,
  access,
  summary: "Move the request to the past requests (isPast true)",
  params: id,
  response: data,
});
