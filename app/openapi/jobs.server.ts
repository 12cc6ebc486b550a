import { z } from "zod";
import { idParamsSchema } from "~/http/query-schemas";
import {
  createJobForEventQuerySchema,
  jobAttachmentDeleteSchema,
  jobDeleteQuerySchema,
  jobEmployeesSchema,
  jobsPageFiltersSchema,
  jobTagsQuerySchema,
  segmentIdSchema,
  visitDescriptionSchema,
} from "~/models/jobs/jobs-api.schema";
import {
  jobCreateSchema,
  jobScheduleSchema,
  jobUpdateSchema,
  paySchema,
  renameSchema,
  segmentSchema,
  undoStatusSchema,
  updateJobStatusSchema,
} from "~/models/jobs/jobs.schema";
import { attachmentSchema, attachmentUploadSchema, dataOf, pageOf, registerCall } from "~/openapi/registry.server";

const access = "any signed-in role; a field tech only reaches jobs assigned to them (others answer 404)";
const tag = "Jobs";
const id = idParamsSchema;
const listRow = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  customerId: z.number().int(),
  customerName: z.string(),
  location: z.string().nullable(),
  status: z.number().int().openapi({
    description: "0 unscheduled, 1 scheduled, 2 on my way, 3 started, 4 finished, 5 paid, 6 cancelled, 7 prescheduled",
  }),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  isAllDay: z.boolean(),
  totalCents: z.number().int(),
  seriesId: z.number().int().nullable(),
});
const page = pageOf(listRow).extend({ totalIsCapped: z.boolean() });
const statusResult = dataOf(z.object({ id: z.number().int(), status: z.number().int() }));
const attachment = attachmentSchema("sizeBytes");
const upload = attachmentUploadSchema("jobId");
const segment = z.object({ id: z.number().int(), name: z.string(), position: z.number().int() });
const scheduleResult = dataOf(
  z.object({
    id: z.number().int(),
    updatedJobIds: z.array(z.number().int()),
    createdJobIds: z.array(z.number().int()),
    deletedJobIds: z.array(z.number().int()),
    seriesId: z.number().int().nullable(),
  }),
);

registerCall({
  method: "post",
  path: "/jobs",
  tag,
  access: `${access}; needs an active subscription (403 'Your account is limited')`,
  summary: "Create a job (and its series of visits with a recurrence)",
  body: jobCreateSchema,
  status: 201,
  response: dataOf(z.object({ id: z.number().int(), publicToken: z.string() })),
});
registerCall({
  method: "get",
  path: "/jobs/page",
  tag,
  access,
  summary: "A page of jobs: search, tags, status (type), sort",
  paging: true,
  query: jobsPageFiltersSchema,
  response: page,
});
registerCall({
  method: "get",
  path: "/jobs/{id}",
  tag,
  access,
  summary:
    "A job with line items, employees, tags, segments, attachments, payments, timeline and recurrence; jobStatus, taxRate (percent), discount, unitPrice and cost (dollars) as PUT takes them, so a read job can be sent back; a field tech gets no cost and the costs they send are ignored (lines keep theirs)",
  params: id,
  response: dataOf(
    listRow.extend({ jobStatus: z.number().int(), taxRate: z.number(), discount: z.number() }).passthrough(),
  ),
});
registerCall({
  method: "put",
  path: "/jobs/{id}",
  tag,
  access,
  summary: "Update details, line items, tax rate, discount and tags; totals are recomputed on the server",
  params: id,
  body: jobUpdateSchema,
});
registerCall({
  method: "delete",
  path: "/jobs/{id}",
  tag,
  access,
  summary: "Delete a job; for a series visit, affectRecurrence 0 only this, 1 this and following, 2 all (open visits)",
  params: id,
  query: jobDeleteQuerySchema,
  response: dataOf(z.object({ deletedJobIds: z.array(z.number().int()) })),
});
registerCall({
  method: "get",
  path: "/jobs/{id}/visit",
  tag,
  access,
  summary: "One visit as the schedule shows it",
  params: id,
});
registerCall({
  method: "post",
  path: "/jobs/schedule",
  tag,
  access,
  summary:
    "Schedule or move a visit; for a series visit recurrentEventEditOption 0 only this, 1 this and following, 2 all. One transaction",
  body: jobScheduleSchema,
  response: scheduleResult,
});
registerCall({
  method: "put",
  path: "/jobs/updateJobStatus",
  tag,
  access,
  summary: "Change the status (allowed moves: docs/decisions/019-jobs-status-moves.md); recorded on the timeline",
  body: updateJobStatusSchema,
  response: statusResult,
});
registerCall({
  method: "put",
  path: "/jobs/undo",
  tag,
  access,
  summary: "Undo the last status change when it was the move to statusClicked",
  body: undoStatusSchema,
  response: statusResult,
});
registerCall({
  method: "post",
  path: "/jobs/{id}/pay",
  tag,
  access,
  summary: "Record a payment (cash 0, check 1, card 2, other 3); the job moves to paid",
  params: id,
  body: paySchema,
  response: dataOf(z.object({ id: z.number().int(), paymentId: z.number().int(), amountCents: z.number().int() })),
});
registerCall({
  method: "put",
  path: "/jobs/{id}/rename",
  tag,
  access,
  summary: "Rename a job",
  params: id,
  body: renameSchema,
});
registerCall({
  method: "put",
  path: "/jobs/{id}/employees",
  tag,
  access,
  summary: "Assign employees",
  params: id,
  body: jobEmployeesSchema,
});
registerCall({
  method: "put",
  path: "/jobs/{id}/visit-description",
  tag,
  access,
  summary: "Service plan visit description of this visit, or of every open visit of its series (affectSubscription)",
  params: id,
  body: visitDescriptionSchema,
});
registerCall({
  method: "get",
  path: "/jobs/{id}/segments",
  tag,
  access,
  summary: "Segments of a job",
  params: id,
  response: dataOf(z.array(segment)),
});
registerCall({
  method: "post",
  path: "/jobs/{id}/segments",
  tag,
  access,
  summary: "Add a segment",
  params: id,
  body: segmentSchema,
  status: 201,
  response: dataOf(segment),
});
registerCall({
  method: "delete",
  path: "/jobs/{id}/segment",
  tag,
  access,
  summary: "Delete a segment",
  params: id,
  body: segmentIdSchema,
});
registerCall({
  method: "post",
  path: "/jobs/attachment",
  tag,
  access,
  summary: "Attach one file to a job: at most 20 per job, past them 'Attachment upload limit exceeded.'",
  multipart: upload,
  status: 201,
  response: dataOf(attachment),
});
registerCall({
  method: "delete",
  path: "/jobs/attachment",
  tag,
  access,
  summary: "Remove an attachment by its URL",
  body: jobAttachmentDeleteSchema,
});
registerCall({
  method: "post",
  path: "/jobs/currentStateAttachment",
  tag,
  access,
  summary:
    "Attach one current-state photo or file to a job: at most 20 per job, past them 'Attachment upload limit exceeded.'",
  multipart: upload,
  status: 201,
  response: dataOf(attachment),
});
registerCall({
  method: "post",
  path: "/jobs/upload-line-item-image",
  tag,
  access: "any signed-in role",
  summary:
    "Upload a line-item image (jpeg, jpg, png, heic, heif up to 10 MB, checked by content: 'The image file size cannot exceed 10 MB.'); stored as a 400x400 PNG. imageUrl goes on the line item; publicImageUrl is the same file as an absolute URL, readable without sign-in",
  multipart: z.object({ file: z.string().openapi({ format: "binary", description: "image file" }) }),
  status: 201,
  response: dataOf(z.object({ imageUrl: z.string(), publicImageUrl: z.string() })),
});
registerCall({
  method: "get",
  path: "/jobs/taxRates",
  tag,
  access,
  summary: "The company's tax rates (rate in percent) for the job form",
  response: dataOf(z.array(z.object({ id: z.number().int(), name: z.string(), rate: z.number() }))),
});
registerCall({
  method: "get",
  path: "/jobs/unscheduled",
  tag,
  access,
  summary: "Jobs without a time, newest first (100 at most)",
  response: dataOf(z.array(listRow)),
});
registerCall({
  method: "get",
  path: "/jobs/tags",
  tag,
  access,
  summary: "Job tags whose name starts with name",
  query: jobTagsQuerySchema,
  response: dataOf(z.array(z.object({ id: z.number().int(), name: z.string() }))),
});
registerCall({
  method: "post",
  path: "/jobs/createJobForEvent",
  tag,
  access,
  summary: "The visit of a series at start, created when it lies beyond the materialised horizon",
  query: createJobForEventQuerySchema,
  response: dataOf(id),
});
