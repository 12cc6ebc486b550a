import { z } from "zod";
import { idParamsSchema } from "~/http/query-schemas";
import {
  estimateCreateSchema,
  estimateEmployeesSchema,
  estimateOptionCreateSchema,
  estimateOptionIdSchema,
  estimateRenameSchema,
  estimateScheduleSchema,
  estimatesPageFiltersSchema,
  estimateStatusSchema,
  estimateTagsQuerySchema,
  estimateUndoSchema,
  estimateUpdateSchema,
} from "~/models/estimates/estimates.schema";
import { estimateAttachmentDeleteSchema } from "~/models/estimates/estimate-attachments.schema";
import { attachmentSchema, attachmentUploadSchema, dataOf, pageOf, registerCall } from "~/openapi/registry.server";
import { estimateResendSchema, estimateSendSchema } from "~/models/estimates/estimate-send.server";

const access = "any signed-in role; a field tech only reaches estimates assigned to them (others answer 404)";
const tag = "Estimates";
const id = idParamsSchema;
const statusText =
  "0 scheduled, 1 on my way, 2 started, 3 finished, 4 sent, 5 approved, 6 cancelled, 7 unscheduled, 8 copied to job, 9 declined";
const listRow = z.object({
  id: z.number().int(),
  number: z.number().int().openapi({ description: "Per company, from 1, without gaps" }),
  name: z.string().nullable(),
  customerId: z.number().int(),
  customerName: z.string(),
  location: z.string().nullable(),
  status: z.number().int().openapi({ description: statusText }),
  approval: z.number().int().openapi({ description: "0 not yet approved, 1 approved, 2 declined" }),
  startTime: z.string().nullable(),
  totalCents: z.number().int().openapi({ description: "The chosen option's total, else the first option's" }),
  createdAt: z.string(),
});
const page = pageOf(listRow).extend({ totalIsCapped: z.boolean() });
const statusResult = dataOf(z.object({ id: z.number().int(), status: z.number().int() }));
const option = z
  .object({
    id: z.number().int(),
    name: z.string(),
    position: z.number().int(),
    subtotalCents: z.number().int(),
    taxCents: z.number().int(),
    totalCents: z.number().int(),
    lineItems: z.array(
      z
        .object({
          id: z.number().int(),
          name: z.string(),
          quantity: z.number(),
          unitPrice: z.number(),
          amountCents: z.number().int(),
          optionalState: z.object({ isRecommended: z.boolean(), isApproved: z.boolean() }).nullable(),
        })
        .passthrough(),
    ),
  })
  .passthrough();
const estimate = listRow
  .extend({ estimateStatus: z.number().int(), taxRate: z.number(), discount: z.number(), options: z.array(option) })
  .passthrough();

registerCall({
  method: "post",
  path: "/estimates",
  tag,
  access: `${access}; needs an active subscription (403 'Your account is limited')`,
  summary:
    "Create an estimate: its number, the options (versions) each with lines (or lineItems alone: one option 'Option 1'), employees and tags; with startTime its visit is scheduled (0), else unscheduled (7)",
  body: estimateCreateSchema,
  status: 201,
  response: dataOf(z.object({ id: z.number().int(), number: z.number().int(), publicToken: z.string() })),
});
registerCall({
  method: "get",
  path: "/estimates/page",
  tag,
  access,
  summary: "A page of estimates: search, tags (include and exclude), status, sort",
  paging: true,
  query: estimatesPageFiltersSchema,
  response: page,
});
registerCall({
  method: "get",
  path: "/estimates/{id}",
  tag,
  access,
  summary:
    "An estimate with its options and their lines and totals, employees, tags and timeline; taxRate (percent), discount, unitPrice and cost (dollars) as PUT takes them; a field tech gets no cost",
  params: id,
  response: dataOf(estimate),
});
registerCall({
  method: "put",
  path: "/estimates/{id}",
  tag,
  access,
  summary:
    "Update details, tax rate, discount, tags and (with options) the options: kept by id, added without one, deleted when left out; totals are recomputed on the server",
  params: id,
  body: estimateUpdateSchema,
  response: dataOf(estimate),
});
registerCall({
  method: "delete",
  path: "/estimates/{id}",
  tag,
  access,
  summary: "Delete an estimate with its options, lines and timeline",
  params: id,
  response: dataOf(z.object({ id: z.number().int() })),
});
registerCall({
  method: "get",
  path: "/estimates/{id}/options",
  tag,
  access,
  summary: "The options with their lines and totals (optional lines count once approved)",
  params: id,
  response: dataOf(z.array(option)),
});
registerCall({
  method: "post",
  path: "/estimates/{id}/options",
  tag,
  access,
  summary: "Add an option (at most 10) with its lines",
  params: id,
  body: estimateOptionCreateSchema,
  status: 201,
  response: dataOf(z.object({ id: z.number().int() })),
});
registerCall({
  method: "delete",
  path: "/estimates/{id}/option",
  tag,
  access,
  summary: "Delete an option ({optionId} in the body or the query); the last option stays (400)",
  params: id,
  body: estimateOptionIdSchema,
  response: dataOf(z.object({ optionId: z.number().int() })),
});
registerCall({
  method: "put",
  path: "/estimates/{id}/employees",
  tag,
  access: `${access}; a field tech cannot change who is assigned (403)`,
  summary: "Assign employees ({employeeIds} or the list itself)",
  params: id,
  body: estimateEmployeesSchema,
  response: dataOf(z.object({ id: z.number().int(), employeeIds: z.array(z.number().int()) })),
});
registerCall({
  method: "put",
  path: "/estimates/{id}/status",
  tag,
  access,
  summary: `Change the status (${statusText}) within the allowed moves (docs/decisions/051-estimates.md); the path's id wins over estimateId`,
  params: id,
  body: estimateStatusSchema,
  response: statusResult,
});
registerCall({
  method: "put",
  path: "/estimates/undo",
  tag,
  access,
  summary: "Undo the last status change when it is the move to statusClicked",
  body: estimateUndoSchema,
  response: statusResult,
});
registerCall({
  method: "put",
  path: "/estimates/{id}/rename",
  tag,
  access,
  summary: "Rename an estimate",
  params: id,
  body: estimateRenameSchema,
  response: dataOf(z.object({ id: z.number().int(), name: z.string() })),
});
registerCall({
  method: "post",
  path: "/estimates/schedule",
  tag,
  access,
  summary: "Schedule the estimate's visit (time, arrival window, employees: status 0) or unschedule it (7)",
  body: estimateScheduleSchema,
  response: statusResult,
});
registerCall({
  method: "get",
  path: "/estimates/taxRates",
  tag,
  access,
  summary: "The company's tax rates (rate in percent) for the estimate form",
  response: dataOf(z.array(z.object({ id: z.number().int(), name: z.string(), rate: z.number() }))),
});
registerCall({
  method: "get",
  path: "/estimates/tags",
  tag,
  access,
  summary: "Estimate tags whose name starts with name",
  query: estimateTagsQuerySchema,
  response: dataOf(z.array(z.object({ id: z.number().int(), name: z.string() }))),
});
const estimateUpload = attachmentUploadSchema("estimateId");
registerCall({
  method: "post",
  path: "/estimates/attachment",
  tag,
  access,
  summary: "Attach one file to an estimate: at most 20 per estimate, past them 'Attachment upload limit exceeded.'",
  multipart: estimateUpload,
  status: 201,
  response: dataOf(attachmentSchema("sizeBytes")),
});
registerCall({
  method: "delete",
  path: "/estimates/attachment",
  tag,
  access,
  summary: "Remove an estimate's attachment by its URL",
  body: estimateAttachmentDeleteSchema,
});
registerCall({
  method: "post",
  path: "/estimates/currentStateAttachment",
  tag,
  access,
  summary:
    "Attach one current-state photo or file to an estimate: at most 20 per estimate, past them 'Attachment upload limit exceeded.'",
  multipart: estimateUpload,
  status: 201,
  response: dataOf(attachmentSchema("sizeBytes")),
});
registerCall({
  method: "post",
  path: "/estimates/upload-line-item-image",
  tag,
  access,
  summary:
    "Upload a line-item image: the jobs' upload (jpeg, jpg, png, heic, heif up to 10 MB), stored as a 400x400 PNG",
  multipart: z.object({ file: z.string().openapi({ format: "binary", description: "image file" }) }),
  status: 201,
  response: dataOf(z.object({ imageUrl: z.string(), publicImageUrl: z.string() })),
});
const sendResult = dataOf(
  z
    .object({
      id: z.number().int(),
      status: z.number().int().openapi({ description: statusText }),
      link: z.string().openapi({ description: "The customer's approval page, /estimate-details/{publicToken}" }),
    })
    .passthrough(),
);
registerCall({
  method: "post",
  path: "/estimates/{id}/send",
  tag,
  access,
  summary:
    "Send the estimate (message template 4) by notificationType text 1, email 2 or both 3, to notificationEmail and notificationPhone (the customer's when left out), with the link to the approval page; the estimate becomes sent (4) and its follow-ups are planned. Cancelled and copied estimates are refused (400)",
  params: id,
  body: estimateSendSchema,
  response: sendResult,
});
registerCall({
  method: "post",
  path: "/estimates/{id}/resend",
  tag,
  access,
  summary:
    "Send the estimate again by email to notificationEmail (the customer's when left out); the status does not change",
  params: id,
  body: estimateResendSchema,
  response: sendResult,
});
registerCall({
  method: "get",
  path: "/estimates/{id}/pdf",
  tag,
  access,
  summary: "The estimate as a PDF (application/pdf, inline): every option with its lines and totals",
  params: id,
  responseDescription: "application/pdf",
});
