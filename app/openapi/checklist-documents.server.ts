import { z } from "zod";
import { checklistSendQuerySchema } from "~/models/checklists/checklist-documents.server";
import { dataOf, registerCall } from "~/openapi/registry.server";

// A job's and an estimate's checklists as PDFs, sent by email, and their public read-only side.

const id = z.number().int().positive();
const sent = dataOf(
  z.object({
    email: z.string(),
    checklists: z.number().int().openapi({ description: "How many checklists the email links to" }),
    links: z.array(z.string()).openapi({ description: "The public page of each checklist" }),
  }),
);
const publicChecklist = dataOf(
  z.object({
    company: z.object({
      businessName: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      logoUrl: z.string().nullable(),
    }),
    title: z.string().openapi({ description: "The job's or estimate's title" }),
    customerName: z.string(),
    address: z.string().nullable(),
    name: z.string().openapi({ description: "The checklist's name" }),
    completed: z.boolean(),
    completedAt: z.string().nullable(),
    items: z.array(
      z.object({
        key: z.string(),
        type: z.number().int().openapi({
          description:
            "0 checkbox, 1 text, 2 images, 3 flag, 4 condition, 5 signature, 6 yes/no, 7 long text, 8 multiple choice",
        }),
        label: z.string(),
        required: z.boolean(),
        options: z.array(z.string()).openapi({ description: "A multiple choice item's choices" }),
        answer: z.string().openapi({ description: "The answer in words ('' when unanswered)" }),
        value: z.union([z.string(), z.boolean()]).nullable(),
        files: z.array(z.object({ fileName: z.string(), url: z.string() })),
      }),
    ),
  }),
);

for (const [kind, entity, recordParam] of [
  ["jobs", "job", "jobId"],
  ["estimates", "estimate", "estimateId"],
] as const) {
  const tag = kind === "jobs" ? "Jobs" : "Estimates";
  const access = `any signed-in role with the forms and checklists plan feature; a field tech only reaches ${kind} assigned to them (others answer 404)`;
  const open = "open (no sign-in): the path's company, record and token must all match, else 404";
  registerCall({
    method: "get",
    path: `/${kind}/{id}/checklist/{checklistId}/pdf`,
    tag,
    access,
    summary: `One checklist of the ${entity} as a PDF (application/pdf, inline): the company, the ${entity}'s title, customer and address, each item's label and answer, photos and signature`,
    params: z.object({ id, checklistId: id }),
    responseDescription: "application/pdf",
  });
  registerCall({
    method: "get",
    path: `/${kind}/{id}/checklists/pdf`,
    tag,
    access,
    summary: `Every checklist of the ${entity} in one PDF (application/pdf, inline)`,
    params: z.object({ id }),
    responseDescription: "application/pdf",
  });
  registerCall({
    method: "get",
    path: `/${kind}/{id}/checklists/send`,
    tag,
    access,
    summary: `Email the links of every checklist of the ${entity} to \`email\` (the customer's when left out): one email per call, or per \`requestToken\`. 400 'Incorrect email format'; 400 {message} when the ${entity} has no checklists`,
    params: z.object({ id }),
    query: checklistSendQuerySchema,
    response: sent,
  });
  registerCall({
    method: "get",
    path: `/${kind}/{id}/checklist/{checklistId}/send`,
    tag,
    access,
    summary: `Email the link of one checklist of the ${entity} to \`email\` (the customer's when left out): one email per call, or per \`requestToken\``,
    params: z.object({ id, checklistId: id }),
    query: checklistSendQuerySchema,
    response: sent,
  });
  registerCall({
    method: "get",
    path: `/${kind}/public-checklist/{companyId}/{${recordParam}}/{token}`,
    tag,
    access: open,
    summary: `A checklist of the ${entity} as its customer reads it (never cached); files by their public URL, no storage keys`,
    params: z.object({ companyId: id, [recordParam]: id, token: z.string() }),
    response: publicChecklist,
  });
  registerCall({
    method: "get",
    path: `/${kind}/public-checklist/{companyId}/{${recordParam}}/{token}/files/{itemKey}/{index}`,
    tag,
    access: open,
    summary: "A photo or the signature of a public checklist's item, by the item's key and the file's position",
    params: z.object({
      companyId: id,
      [recordParam]: id,
      token: z.string(),
      itemKey: z.string(),
      index: z.number().int(),
    }),
    responseDescription: "The image",
  });
}
