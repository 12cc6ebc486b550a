import { z } from "zod";
import { registerCall } from "~/openapi/registry.server";

const access = "any signed-in role; a field tech only reaches jobs assigned to them (others answer 404)";
const tag = "Jobs";
const id = z.object({ id: z.number().int() });
const money = (d: string) => z.number().openapi({ description: `${d}, in dollars (2 decimals); stored in cents` });
const lineItem = z.object({
  kind: z.number().int().min(0).max(1).optional().openapi({ description: "material 0, service 1 (default 1)" }),
  name: z.string().openapi({ description: "Required: non-empty once trimmed" }),
  description: z.string().optional(),
  quantity: z.number().optional().openapi({ description: "Default 1, up to 3 decimals" }),
  unitPrice: money("Required, 0 allowed"),
  cost: money("Default 0").optional(),
  isTaxable: z.boolean().optional(),
  imageUrl: z.string().optional(),
  priceListItemId: z.number().int().optional(),
});
const recurrence = z
  .object({
    frequency: z.number().int().min(0).max(3).openapi({ description: "rrule numbers: yearly 0, monthly 1, weekly 2, daily 3. Send null (no rule) for 'never'" }),
    interval: z.number().int().min(1).optional(),
    count: z.number().int().min(1).optional().openapi({ description: "Ends after this many visits" }),
    until: z.string().optional().openapi({ description: "Ends on this date (ISO)" }),
    setPosition: z.number().int().optional().openapi({ description: "1-4 = first to 4th (with daysOfWeek: 'the 2nd Tuesday')" }),
    daysOfWeek: z.array(z.number().int().min(0).max(6)).optional().openapi({ description: "0 Monday .. 6 Sunday" }),
    daysOfMonth: z.array(z.number().int().min(1).max(31)).optional(),
    daysOfYear: z.array(z.number().int()).optional(),
    month: z.number().int().min(1).max(12).optional(),
    weekNumber: z.number().int().optional(),
    onWeekBasis: z.boolean().optional(),
  })
  .nullable();
const scheduling = {
  startTime: z.string().optional().openapi({ description: "ISO instant; without it the job is unscheduled" }),
  endTime: z.string().optional(),
  isAllDay: z.boolean().optional(),
  arrivalWindowOffset: z.number().int().optional().openapi({ description: "Minutes, default 0" }),
  timezoneOffset: z.number().int().optional().openapi({ description: "Accepted; visits are planned in `timezone` or the company's IANA zone" }),
  timezone: z.string().optional().openapi({ description: "IANA zone, default the company's" }),
  employeeIds: z.array(z.number().int()).optional(),
  sendAppointmentReminder: z.boolean().optional(),
  recurrence: recurrence.optional(),
};
const jobBody = z.object({
  customerId: z.number().int(),
  customerAddressId: z.number().int().optional(),
  location: z.string().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  privateNotes: z.string().optional(),
  message: z.string().optional(),
  lineItems: z.array(lineItem).optional(),
  taxRate: z.number().optional().openapi({ description: "Percent, e.g. 8.25" }),
  discount: money("Fixed discount, capped at the subtotal").optional(),
  tags: z.array(z.number().int()).optional().openapi({ description: "Job tag ids (type 1)" }),
  jobStatus: z.number().int().optional().openapi({ description: "0 unscheduled, 1 scheduled or 7 prescheduled" }),
  bookingRequestId: z.number().int().optional(),
  templateId: z.number().int().optional(),
  servicePlanVisitDescription: z.string().optional(),
  ...scheduling,
});
const listRow = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  customerId: z.number().int(),
  customerName: z.string(),
  location: z.string().nullable(),
  status: z.number().int().openapi({ description: "0 unscheduled, 1 scheduled, 2 on my way, 3 started, 4 finished, 5 paid, 6 cancelled, 7 prescheduled" }),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  isAllDay: z.boolean(),
  totalCents: z.number().int(),
  seriesId: z.number().int().nullable(),
});
const page = z.object({ items: z.array(listRow), total: z.number().int(), pageNumber: z.number().int(), pageSize: z.number().int(), totalIsCapped: z.boolean() });
const pagingQuery = z.object({
  pageNumber: z.number().int().min(1).optional(),
  pageSize: z.number().int().min(1).max(10000).optional(),
  "sortSettings[0].fieldName": z.enum(["startTime", "name", "customerName", "status", "total", "createdAt"]).optional(),
  "sortSettings[0].descending": z.boolean().optional(),
  "tags[0]": z.number().int().optional(),
  searchQuery: z.string().optional(),
  type: z.number().int().min(0).max(7).optional().openapi({ description: "A job status: only jobs in it" }),
});
const data = (schema: z.ZodTypeAny) => z.object({ data: schema });
const statusResult = data(z.object({ id: z.number().int(), status: z.number().int() }));
const attachment = z.object({ id: z.number().int(), fileUrl: z.string(), fileName: z.string(), contentType: z.string(), sizeBytes: z.number().int(), createdAt: z.string() });
const upload = z.object({ jobId: z.number().int(), files: z.string().openapi({ format: "binary", description: "One file per call. Images jpeg, jpg, gif, png up to 10 MB; videos mp4, webm, mov, mkv up to 50 MB; documents odt, ods, doc, docx, pdf, txt, xlsx, xls up to 10 MB" }) });
const segment = z.object({ id: z.number().int(), name: z.string(), position: z.number().int() });
const scheduleResult = data(z.object({ id: z.number().int(), updatedJobIds: z.array(z.number().int()), createdJobIds: z.array(z.number().int()), deletedJobIds: z.array(z.number().int()), seriesId: z.number().int().nullable() }));

registerCall({ method: "post", path: "/jobs", tag, access: `${access}; needs an active subscription (403 'Your account is limited')`, summary: "Create a job (and its series of visits with a recurrence)", body: jobBody, status: 201, response: data(z.object({ id: z.number().int(), publicToken: z.string() })) });
registerCall({ method: "get", path: "/jobs/page", tag, access, summary: "A page of jobs: search, tags, status (type), sort", query: pagingQuery, response: page });
registerCall({ method: "get", path: "/jobs/{id}", tag, access, summary: "A job with line items, employees, tags, segments, attachments, payments, timeline and recurrence; jobStatus, taxRate (percent), discount, unitPrice and cost (dollars) as PUT takes them, so a read job can be sent back; a field tech gets no cost and the costs they send are ignored (lines keep theirs)", params: id, response: data(listRow.extend({ jobStatus: z.number().int(), taxRate: z.number(), discount: z.number() }).passthrough()) });
registerCall({
  method: "put",
  path: "/jobs/{id}",
  tag,
  access,
  summary: "Update details, line items, tax rate, discount and tags; totals are recomputed on the server",
  params: id,
  body: z.object({ privateNotes: z.string().optional(), discount: money("Fixed discount").optional(), lineItems: z.array(lineItem).optional(), taxRate: z.number().optional(), message: z.string().optional(), servicePlanVisitDescription: z.string().optional(), tags: z.array(z.number().int()).optional(), isAllDay: z.boolean().optional(), name: z.string().optional(), description: z.string().optional(), customerAddressId: z.number().int().optional() }),
});
registerCall({ method: "delete", path: "/jobs/{id}", tag, access, summary: "Delete a job; for a series visit, affectRecurrence 0 only this, 1 this and following, 2 all (open visits)", params: id, query: z.object({ affectRecurrence: z.number().int().min(0).max(2).optional() }), response: data(z.object({ deletedJobIds: z.array(z.number().int()) })) });
registerCall({ method: "get", path: "/jobs/{id}/visit", tag, access, summary: "One visit as the schedule shows it", params: id });
registerCall({
  method: "post",
  path: "/jobs/schedule",
  tag,
  access,
  summary: "Schedule or move a visit; for a series visit recurrentEventEditOption 0 only this, 1 this and following, 2 all. One transaction",
  body: z.object({ id: z.number().int(), ...scheduling, changeRecurrentJobs: z.boolean().optional(), recurrentEventEditOption: z.number().int().min(0).max(2).optional(), description: z.string().optional(), setArrivalWindowOffsetAsDefault: z.boolean().optional(), oldStartTime: z.string().optional(), oldEndTime: z.string().optional(), notify: z.boolean().optional() }),
  response: scheduleResult,
});
registerCall({ method: "put", path: "/jobs/updateJobStatus", tag, access, summary: "Change the status (allowed moves: docs/decisions/jobs-status-moves.md); recorded on the timeline", body: z.object({ jobId: z.number().int(), status: z.number().int().min(0).max(7), startDate: z.string().optional(), notifyCustomer: z.boolean().optional(), reason: z.string().optional() }), response: statusResult });
registerCall({ method: "put", path: "/jobs/undo", tag, access, summary: "Undo the last status change when it was the move to statusClicked", body: z.object({ id: z.number().int(), statusClicked: z.number().int().min(0).max(7) }), response: statusResult });
registerCall({ method: "post", path: "/jobs/{id}/pay", tag, access, summary: "Record a payment (cash 0, check 1, card 2, other 3); the job moves to paid", params: id, body: z.object({ method: z.number().int().min(0).max(3), amount: money("Default: the balance due").optional(), note: z.string().optional() }), response: data(z.object({ id: z.number().int(), paymentId: z.number().int(), amountCents: z.number().int() })) });
registerCall({ method: "put", path: "/jobs/{id}/rename", tag, access, summary: "Rename a job", params: id, body: z.object({ name: z.string() }) });
registerCall({ method: "put", path: "/jobs/{id}/employees", tag, access, summary: "Assign employees", params: id, body: z.object({ employeeIds: z.array(z.number().int()) }) });
registerCall({ method: "put", path: "/jobs/{id}/visit-description", tag, access, summary: "Service plan visit description of this visit, or of every open visit of its series (affectSubscription)", params: id, body: z.object({ affectSubscription: z.boolean().optional(), servicePlanVisitDescription: z.string().nullable() }) });
registerCall({ method: "get", path: "/jobs/{id}/segments", tag, access, summary: "Segments of a job", params: id, response: data(z.array(segment)) });
registerCall({ method: "post", path: "/jobs/{id}/segments", tag, access, summary: "Add a segment", params: id, body: z.object({ name: z.string() }), status: 201, response: data(segment) });
registerCall({ method: "delete", path: "/jobs/{id}/segment", tag, access, summary: "Delete a segment", params: id, body: z.object({ segmentId: z.number().int() }) });
registerCall({ method: "post", path: "/jobs/attachment", tag, access, summary: "Attach one file to a job: at most 20 per job, past them 'Attachment upload limit exceeded.'", multipart: upload, status: 201, response: data(attachment) });
registerCall({ method: "delete", path: "/jobs/attachment", tag, access, summary: "Remove an attachment by its URL", body: z.object({ jobId: z.number().int(), fileUrl: z.string() }) });
registerCall({ method: "post", path: "/jobs/currentStateAttachment", tag, access, summary: "Attach one current-state photo or file to a job: at most 20 per job, past them 'Attachment upload limit exceeded.'", multipart: upload, status: 201, response: data(attachment) });
registerCall({
  method: "post",
  path: "/jobs/upload-line-item-image",
  tag,
  access: "any signed-in role",
  summary: "Upload a line-item image (jpeg, jpg, png, heic, heif up to 10 MB, checked by content: 'The image file size cannot exceed 10 MB.'); stored as a 400x400 PNG. imageUrl goes on the line item; publicImageUrl is the same file as an absolute URL, readable without sign-in",
  multipart: z.object({ file: z.string().openapi({ format: "binary", description: "image file" }) }),
  status: 201,
  response: data(z.object({ imageUrl: z.string(), publicImageUrl: z.string() })),
});
registerCall({ method: "get", path: "/jobs/taxRates", tag, access, summary: "The company's tax rates (rate in percent) for the job form", response: data(z.array(z.object({ id: z.number().int(), name: z.string(), rate: z.number() }))) });
registerCall({ method: "get", path: "/jobs/unscheduled", tag, access, summary: "Jobs without a time, newest first (100 at most)", response: data(z.array(listRow)) });
registerCall({ method: "get", path: "/jobs/tags", tag, access, summary: "Job tags whose name starts with name", query: z.object({ name: z.string().optional() }), response: data(z.array(z.object({ id: z.number().int(), name: z.string() }))) });
registerCall({ method: "post", path: "/jobs/createJobForEvent", tag, access, summary: "The visit of a series at start, created when it lies beyond the materialised horizon", query: z.object({ jobId: z.number().int(), start: z.string(), end: z.string().optional() }), response: data(id) });
