import { z } from "zod";
import { idParamsSchema } from "~/http/query-schemas";
import {
  templateAttachmentDeleteSchema,
  templateBodySchema,
  templatesAllQuerySchema,
  templatesPageQuerySchema,
} from "~/models/templates/templates.schema";
import { attachmentSchema, dataOf, pageOf, registerCall } from "~/openapi/registry.server";

const tag = "Templates";
const access = "company admin, super admin";
const type = z.number().int().describe('job 0, estimate 1 (also "job" or "estimate")');
const line = z.object({
  id: z.number().int(),
  kind: z.number().int().describe("material 0, service 1"),
  name: z.string(),
  description: z.string().nullable(),
  quantity: z.number(),
  unitPrice: z.number().describe("dollars"),
  cost: z.number().describe("dollars"),
  isTaxable: z.boolean(),
  imageUrl: z.string().nullable().describe("from templates/upload-line-item-image"),
  publicImageUrl: z.string().nullable(),
  priceListItemId: z.number().int().nullable(),
  amount: z.number().describe("quantity x unit price, dollars"),
});
const attachment = attachmentSchema("sizeBytes");
const template = z.object({
  id: z.number().int(),
  entityType: type,
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  data: z.object({
    description: z.string().nullable(),
    message: z.string().nullable(),
    privateNotes: z.string().nullable(),
    taxRate: z.number().describe("percent"),
    discount: z.number().describe("dollars"),
    lineItems: z.array(line),
    tags: z.array(z.object({ id: z.number().int(), name: z.string() })),
    companyCheckListIds: z.array(z.number().int()).describe("the company's forms and checklists"),
  }),
  attachments: z.array(attachment),
});
const listed = z.object({
  id: z.number().int(),
  entityType: type,
  name: z.string(),
  description: z.string().nullable(),
  updatedAt: z.string(),
});
const body = templateBodySchema;
const bodyNote =
  "{entityType, name, data: {description, message, privateNotes, lineItems, tags, taxRate (percent), discount (dollars), companyCheckListIds}}; tags and forms not the company's (or tags of the other type) are dropped";

registerCall({
  method: "get",
  path: "/templates/page",
  tag,
  access,
  summary: "A page of templates, of one type or both, by name; searchQuery matches part of the name",
  paging: true,
  query: templatesPageQuerySchema,
  response: dataOf(pageOf(listed)),
});
registerCall({
  method: "get",
  path: "/templates/all",
  tag,
  access,
  summary: "Every template of a type, by name (the new job or estimate form's 'Start from a template')",
  query: templatesAllQuerySchema,
  response: dataOf(z.array(z.object({ id: z.number().int(), name: z.string(), entityType: type }))),
});
registerCall({
  method: "get",
  path: "/templates/{id}",
  tag,
  access,
  summary: "One template with its data and attachments",
  params: idParamsSchema,
  response: dataOf(template),
});
registerCall({
  method: "post",
  path: "/templates",
  tag,
  access,
  summary: `Create a template: ${bodyNote}`,
  body,
  status: 201,
  response: dataOf(z.object({ id: z.number().int() })),
});
registerCall({
  method: "put",
  path: "/templates/{id}",
  tag,
  access,
  summary: `Replace a template (lines, tags and checklists as sent): ${bodyNote}`,
  params: idParamsSchema,
  body,
  response: dataOf(template),
});
registerCall({
  method: "delete",
  path: "/templates/{id}",
  tag,
  access,
  summary: "Delete a template and its files; jobs and estimates started from it keep their copies",
  params: idParamsSchema,
  response: dataOf(z.object({ id: z.number().int() })),
});
registerCall({
  method: "post",
  path: "/templates/attachment",
  tag,
  access,
  summary: "Attach one file to a template (the jobs' upload rules, at most 20 per template)",
  multipart: z.object({
    templateId: z.number().int(),
    files: z.string().openapi({
      format: "binary",
      description:
        "One file per call. Images jpeg, jpg, gif, png up to 10 MB; videos mp4, webm, mov, mkv up to 50 MB; documents odt, ods, doc, docx, pdf, txt, xlsx, xls up to 10 MB",
    }),
  }),
  status: 201,
  response: dataOf(attachment),
});
registerCall({
  method: "delete",
  path: "/templates/attachment",
  tag,
  access,
  summary: "Remove a template's file by its URL",
  body: templateAttachmentDeleteSchema,
});
registerCall({
  method: "post",
  path: "/templates/upload-line-item-image",
  tag,
  access,
  summary:
    "Upload a line-item image (jpeg, jpg, png, heic, heif up to 10 MB, checked by content); stored as a 400x400 PNG. imageUrl goes on the template's line item",
  multipart: z.object({ file: z.string().openapi({ format: "binary", description: "image file" }) }),
  status: 201,
  response: dataOf(z.object({ imageUrl: z.string(), publicImageUrl: z.string() })),
});
