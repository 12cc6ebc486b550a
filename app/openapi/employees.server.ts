import { z } from "zod";
import { searchQuerySchema } from "~/http/query-schemas";
import { companyPageQuerySchema } from "~/models/admin/admin-panel.server";
import {
  employeeCheckPhoneSchema,
  employeeCreateSchema,
  employeeEditSchema,
} from "~/models/employees/employees.schema";
import { pageOf, registerCall } from "~/openapi/registry.server";

const managers = "company admin, super admin";
const superAdmin = "super admin";

const tagOption = z.object({ id: z.number().int(), label: z.string() });
const role = z
  .number()
  .int()
  .min(0)
  .max(3)
  .openapi({ description: "0 field tech, 1 office staff, 2 company admin, 3 super admin" });
const employeeOption = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role,
  color: z.string().nullable(),
  logoUrl: z.string().nullable(),
});
const employee = employeeOption.extend({
  mainPhoneNumber: z.string().nullable(),
  tags: z.array(tagOption),
  createdAt: z.string(),
});
const idParams = z.object({ id: z.number().int() });
const idResult = z.object({ id: z.number().int() });
const photo = z.object({
  logo: z
    .string()
    .openapi({ format: "binary", description: "Photo: jpeg, png, heic or heif up to 10 MB; stored as a 400x400 PNG" })
    .optional(),
});

registerCall({
  method: "get",
  path: "/employees",
  tag: "Employees",
  summary: "Every employee of the company, by name",
  access: managers,
  response: z.object({ data: z.array(employeeOption) }),
});
registerCall({
  method: "get",
  path: "/employees/page",
  tag: "Employees",
  summary: "One page of employees; sort fields name, email, role, createdAt; searchQuery matches name, email or phone",
  access: managers,
  paging: true,
  query: searchQuerySchema,
  response: pageOf(employee),
});
registerCall({
  method: "get",
  path: "/employees/search",
  tag: "Employees",
  summary: "Up to 20 employees matching searchQuery (name, email or phone)",
  access: managers,
  query: searchQuerySchema,
  response: z.object({ data: z.array(employeeOption) }),
});
registerCall({
  method: "get",
  path: "/employees/canCreate",
  tag: "Employees",
  summary: "Whether the plan's employee limit leaves room for one more employee",
  access: managers,
  response: z.object({
    canCreate: z.boolean(),
    employeeCount: z.number().int(),
    employeeLimit: z.number().int(),
    message: z.string().nullable(),
  }),
});
registerCall({
  method: "post",
  path: "/employees/check-phone-number",
  tag: "Employees",
  summary: "Whether another employee of the company has this phone number",
  access: managers,
  body: employeeCheckPhoneSchema,
  response: z.object({ isTaken: z.boolean(), takenBy: z.string().nullable() }),
});
registerCall({
  method: "get",
  path: "/employees/{id}",
  tag: "Employees",
  summary: "One employee with tags",
  access: managers,
  params: idParams,
  response: employee,
});
registerCall({
  method: "post",
  path: "/employees",
  tag: "Employees",
  summary:
    "Create an employee (multipart or JSON; tags as a list). Refused with 400 {message} past the plan's employee limit",
  access: managers,
  body: employeeCreateSchema(),
  files: photo,
  status: 201,
  response: idResult,
});
registerCall({
  method: "put",
  path: "/employees/{id}",
  tag: "Employees",
  summary:
    "Update an employee (multipart or JSON). A role change ends the employee's sessions; you cannot change your own role",
  access: managers,
  params: idParams,
  body: employeeEditSchema(),
  files: photo,
  response: idResult,
});
registerCall({
  method: "delete",
  path: "/employees/{id}",
  tag: "Employees",
  summary: "Delete an employee: they can no longer sign in and their sessions end; their past work keeps their name",
  access: managers,
  params: idParams,
  response: idResult,
});
registerCall({
  method: "get",
  path: "/users/exportUsers",
  tag: "Employees",
  summary: "The company's users as a CSV file",
  access: managers,
  responseDescription: "text/csv",
});

const companyRow = z.object({
  id: z.number().int(),
  businessName: z.string(),
  email: z.string().nullable(),
  adminEmail: z.string().nullable(),
  planName: z.string().nullable(),
  priceId: z.string().nullable(),
  status: z.number().int().nullable().openapi({ description: "0 free trial, 1 no plan, 2 active, 3 canceled" }),
  trialExpiration: z.string().nullable(),
  expirationDate: z.string().nullable(),
  userCount: z.number().int(),
  createdAt: z.string(),
});
registerCall({
  method: "get",
  path: "/company/admin/page",
  tag: "Admin panel",
  summary:
    "Companies with paging, filter.priceId, filter.status and searchQuery (business name or admin email); sort fields businessName, createdAt",
  access: superAdmin,
  paging: true,
  query: companyPageQuerySchema,
  response: pageOf(companyRow),
});
registerCall({
  method: "get",
  path: "/company/admin/{id}",
  tag: "Admin panel",
  summary: "A company with its plan, subscription, application feature flags and users",
  access: superAdmin,
  params: idParams,
  response: companyRow.extend({
    featureFlags: z.number().int(),
    twoWayTextEnabled: z.boolean(),
    messagingReady: z.boolean(),
    users: z.array(employeeOption.extend({ deletedAt: z.string().nullable() })),
  }),
});

registerCall({
  method: "get",
  path: "/company/zapier-api-key",
  tag: "API key",
  summary: "Whether the company has an API key, with its first characters and creation date (never the key)",
  access: managers,
  response: z.object({ exists: z.boolean(), prefix: z.string().nullable(), createdAt: z.string().nullable() }),
});
registerCall({
  method: "post",
  path: "/company/zapier-api-key",
  tag: "API key",
  summary:
    "Create or rotate the company's API key. The key is answered once; send it as X-API-Key or Authorization: Bearer. Calls made with it act as the company's first company admin",
  access: managers,
  status: 201,
  response: z.object({ apiKey: z.string(), prefix: z.string(), createdAt: z.string() }),
});
