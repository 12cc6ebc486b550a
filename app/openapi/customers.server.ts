import { z } from "zod";
import { searchQuerySchema } from "~/http/query-schemas";
import {
  addressGeoDataSchema,
  checkEmailSchema,
  checkPhoneSchema,
  customerAttachmentDeleteSchema,
  customerIdSchema,
  customerInputSchema,
  customerJobsPageFiltersSchema,
  customersPageFiltersSchema,
} from "~/models/customers/customers.schema";
import { attachmentSchema, pageOf, registerCall } from "~/openapi/registry.server";

const broad = "office staff, company admin, super admin (a field tech gets 403)";
const tag = "Customers";
const id = z.object({ id: z.number().int() });
const geoData = z.object({ placeId: z.string().optional(), latitude: z.number(), longitude: z.number() }).nullable();
const address = z.object({
  id: z.number().int().optional().openapi({ description: "Send it on update to keep the property (jobs point at it)" }),
  location: z.string(),
  geoData: geoData.optional(),
  unitNumber: z
    .string()
    .max(10)
    .nullable()
    .optional()
    .openapi({ description: "'Unit # should be 10 characters maximum'" }),
  notes: z.string().nullable().optional(),
  isBilling: z.boolean().optional().openapi({ description: "Exactly one address bills; the first by default" }),
});
const customerBody = z.object({
  email: z.string().email().nullable().optional(),
  firstName: z.string().min(2).max(255),
  lastName: z.string().min(2).max(255).nullable().optional(),
  additionalEmails: z.array(z.string()).optional().openapi({ description: "Blank entries are dropped" }),
  mainPhoneNumber: z
    .string()
    .nullable()
    .optional()
    .openapi({ description: "US or Canada; stored in E.164 with the leading plus" }),
  secondaryPhoneNumbers: z.array(z.string()).optional(),
  jobTitle: z.string().nullable().optional(),
  ownCompanyName: z.string().nullable().optional(),
  areTextMessagesAllowed: z.boolean().optional().openapi({ description: "Default true" }),
  addresses: z.array(address).optional(),
  notes: z.string().nullable().optional(),
  tagIds: z
    .array(z.number().int())
    .optional()
    .openapi({ description: "Customer tags (type 0); `tags` [{id}] is accepted too" }),
  leadSourceIds: z.array(z.number().int()).nullable().optional().openapi({ description: "Null when empty" }),
});
const tagOption = z.object({ id: z.number().int(), label: z.string() });
const storedAddress = address.extend({ id: z.number().int() });
const attachment = attachmentSchema("size");
const customer = customerBody.extend({
  id: z.number().int(),
  companyId: z.number().int(),
  addresses: z.array(storedAddress),
  billingAddress: storedAddress.nullable(),
  tags: z.array(tagOption),
  leadSources: z.array(z.object({ id: z.number().int(), name: z.string() })),
  createdByUserId: z.number().int().nullable(),
  createdAt: z.string(),
  attachments: z.array(attachment),
});
// The short views of a customer (reduced, list rows) start with these and show only the billing location.
const customerName = { id: z.number().int(), firstName: z.string(), lastName: z.string().nullable() };
const billingLocation = z.object({ location: z.string() }).nullable();
const reduced = z.object({
  ...customerName,
  email: z.string().nullable(),
  mainPhoneNumber: z.string().nullable(),
  ownCompanyName: z.string().nullable(),
  areTextMessagesAllowed: z.boolean(),
  billingAddress: billingLocation,
});
const listRow = z.object({
  ...customerName,
  ownCompanyName: z.string().nullable(),
  billingAddress: billingLocation,
  tags: z.array(tagOption),
  notes: z.string().nullable(),
});
const duplicate = z.object({
  isTaken: z.boolean(),
  takenBy: z.string().nullable().openapi({ description: "The other customer's name" }),
});
const pathId = z.object({ id: z.number().int() });

registerCall({
  method: "post",
  path: "/customers/check-email",
  tag,
  summary: "Is this email taken by another customer of the company? (customerId excludes the one being edited)",
  access: broad,
  body: checkEmailSchema,
  response: duplicate,
});
registerCall({
  method: "post",
  path: "/customers/check-phone-number",
  tag,
  summary: "Is this primary phone taken by another customer of the company? (compared in E.164)",
  access: broad,
  body: checkPhoneSchema,
  response: duplicate,
});
registerCall({
  method: "post",
  path: "/customers/create",
  tag,
  summary:
    "Create a customer. 400 {errors} with the form's messages, including 'Email already taken by {name}' and 'Primary Phone already taken by {name}'",
  access: broad,
  body: customerInputSchema(),
  status: 201,
  response: z.object({ customerId: z.number().int() }),
});
registerCall({
  method: "put",
  path: "/customers/update",
  tag,
  summary: "Update a customer (same rules as create); properties sent with their id are kept, others removed",
  access: broad,
  body: [customerIdSchema, customerInputSchema()],
  response: z.object({ customerId: z.number().int() }),
});
registerCall({
  method: "delete",
  path: "/customers",
  tag,
  summary: "Delete a customer (?id=); it disappears from lists, searches, counts and duplicate checks",
  access: broad,
  query: customerIdSchema,
  response: id,
});
registerCall({
  method: "get",
  path: "/customers/page",
  tag,
  summary:
    "One page of the customer list. Sort fields: name (default), ownCompanyName, billingAddress, createdAt. tagIds: customers with any of these tags; excludeTagIds: none of these. searchQuery matches word prefixes of name, company, emails, phones (digits) and addresses. With a filter, total counts up to 1000 (totalIsCapped then true)",
  access: broad,
  paging: true,
  query: customersPageFiltersSchema,
  response: pageOf(listRow).extend({ totalIsCapped: z.boolean() }),
});
registerCall({
  method: "get",
  path: "/customers/search",
  tag,
  summary: "Quick search (up to 20) for pickers",
  access:
    "any signed-in user (the job form's customer picker); a field tech gets id, names, company and billing address only, matched on those",
  query: searchQuerySchema,
  response: z.array(reduced),
});
registerCall({
  method: "get",
  path: "/customers/{id}",
  tag,
  summary: "The whole customer",
  access: broad,
  params: pathId,
  response: customer,
});
registerCall({
  method: "get",
  path: "/customers/{id}/reduced",
  tag,
  summary: "The short form of a customer",
  access:
    "any signed-in user (the job form's customer picker); a field tech gets id, names, company and billing address only, matched on those",
  params: pathId,
  response: reduced,
});
for (const records of ["jobs", "estimates"]) {
  registerCall({
    method: "get",
    path: `/customers/{id}/${records}/page`,
    tag,
    summary: `The customer's ${records} (paging, searchQuery, tags)`,
    access: broad,
    params: pathId,
    paging: true,
    query: customerJobsPageFiltersSchema,
    response: pageOf(z.object({ id: z.number().int() }).passthrough()),
  });
}
registerCall({
  method: "get",
  path: "/customers/{id}/subscriptions-invoices/page",
  tag,
  summary: "The invoices of the customer's service plans, newest first (paging, sortSettings, searchQuery)",
  access: broad,
  params: pathId,
  paging: true,
  query: searchQuerySchema,
  response: pageOf(z.object({ id: z.number().int() }).passthrough()),
});
registerCall({
  method: "get",
  path: "/customers/downloadTemplate",
  tag,
  summary: "The CSV template for uploadCustomers (text/csv)",
  access: broad,
  responseDescription: "text/csv",
});
registerCall({
  method: "get",
  path: "/customers/exportCustomers",
  tag,
  summary: "All customers of the company as CSV, in the template's columns (text/csv)",
  access: broad,
  responseDescription: "text/csv",
});
registerCall({
  method: "post",
  path: "/customers/uploadCustomers",
  tag,
  summary:
    "Import customers from a CSV (template columns, at most 5000 rows, 5 MB). Rows are checked like the form; a row whose email or primary phone already exists is skipped, so a second import creates nothing",
  access: broad,
  multipart: z.object({ file: z.string().openapi({ format: "binary" }) }),
  response: z.object({
    imported: z.number().int(),
    skipped: z.number().int(),
    rejected: z.number().int(),
    rows: z.array(
      z.object({
        row: z.number().int(),
        name: z.string(),
        status: z.enum(["imported", "skipped", "rejected"]),
        customerId: z.number().int().optional(),
        messages: z.array(z.string()),
      }),
    ),
  }),
});
registerCall({
  method: "post",
  path: "/customers/attachment",
  tag,
  summary:
    "Attach files (images jpeg/jpg/gif/png up to 10 MB, videos mp4/webm/mov/mkv up to 50 MB, documents odt/ods/doc/docx/pdf/txt/xlsx/xls up to 10 MB; checked by content; at most 20 per customer). Oversize files are dropped with their message and the rest kept",
  access: broad,
  multipart: z.object({ customerId: z.number().int(), files: z.array(z.string().openapi({ format: "binary" })) }),
  response: z.object({ attachments: z.array(attachment), errors: z.array(z.string()) }),
});
registerCall({
  method: "delete",
  path: "/customers/attachment",
  tag,
  summary: "Delete an attachment",
  access: broad,
  body: customerAttachmentDeleteSchema,
  response: z.object({ customerId: z.number().int(), fileUrl: z.string() }),
});
registerCall({
  method: "patch",
  path: "/customers/{id}/address-geo-data",
  tag,
  summary: "Save geocoded addresses [{id, geoData}] (the body may also be the array itself)",
  access: broad,
  params: pathId,
  body: addressGeoDataSchema,
  response: z.object({ addresses: z.array(storedAddress) }),
});
