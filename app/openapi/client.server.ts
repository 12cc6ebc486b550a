import { z } from "zod";
import { estimateApproveSchema } from "~/models/estimates/estimate-approval.schema";
import { registerCall } from "~/openapi/registry.server";

const lineItem = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  quantity: z.number(),
  amountCents: z.number().int(),
  isTaxable: z.boolean(),
  optionalState: z.object({ isRecommended: z.boolean(), isApproved: z.boolean() }).nullable(),
});
const publicEstimate = z.object({
  number: z.number().int(),
  name: z.string().nullable(),
  status: z.number().int().openapi({ description: "5 approved (estimate and visit status of the spec)" }),
  approval: z.number().int().openapi({ description: "0 not yet approved, 1 approved, 2 declined" }),
  companyName: z.string(),
  customerName: z.string(),
  address: z.string(),
  sentAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  chosenOptionId: z.number().int().nullable(),
  declineReason: z.string().nullable(),
  signatureName: z.string().nullable(),
  hasSignatureImage: z.boolean(),
  totalCents: z.number().int().openapi({ description: "The chosen option's total with the approved optional lines" }),
  options: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      subtotalCents: z.number().int(),
      discountCents: z.number().int(),
      taxCents: z.number().int(),
      totalCents: z.number().int(),
      lineItems: z.array(lineItem),
    }),
  ),
});

registerCall({
  method: "post",
  path: "/client/{id}/sign",
  tag: "Estimates",
  summary:
    "The customer approves a sent estimate (status 4): {id} is the estimate's public token (from the link the customer received), never its number. optionId is one of the estimate's options, approvedLineItemIds the optional lines of that option the customer adds, name the typed signature, signature an optional drawn one (PNG or JPEG data URL, at most 200 KB). The estimate becomes approved (status 5, approval 1) once: a second call, or one on an estimate not sent, answers 400 {message}. An unknown token answers 404. Answers {data: the estimate's public view}.",
  access: "anyone with the estimate's link (no session needed)",
  params: z.object({ id: z.string().openapi({ description: "The estimate's public token" }) }),
  body: estimateApproveSchema,
  response: z.object({ data: publicEstimate }),
});
