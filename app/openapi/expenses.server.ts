import { z } from "zod";
import { idParamsSchema, searchQuerySchema } from "~/http/query-schemas";
import {
  EXPENSE_CSV_COLUMNS,
  expenseApiSchema,
  expenseUpdateApiSchema,
  relatedEntityQuerySchema,
  relatedSearchQuerySchema,
} from "~/models/expenses/expenses.schema";
import { dataOf, pageOf, registerCall } from "~/openapi/registry.server";

const tag = "Expenses";
const access = "office staff, company admin, super admin; the company needs the Expenses application feature";
const types = "customer 0, job 1, estimate 2, employee 3";
const relatedEntity = z.object({ id: z.number().int(), type: z.number().int().describe(types), name: z.string() });
const expense = z.object({
  id: z.number().int(),
  date: z.string().describe("the day spent, YYYY-MM-DD"),
  amount: z.number().describe("dollars in the company's currency"),
  amountCents: z.number().int(),
  expenseCode: z.object({ id: z.number().int(), name: z.string(), description: z.string().nullable() }).nullable(),
  description: z.string().nullable(),
  employee: z.object({ id: z.number().int(), name: z.string() }).nullable().describe("who spent it"),
  relatedEntity: relatedEntity.nullable(),
  receiptUrl: z.string().nullable(),
});
const sums = { totalAmount: z.number(), totalAmountCents: z.number().int() };
const id = idParamsSchema;

registerCall({
  method: "get",
  path: "/expenses/page",
  tag,
  summary:
    "One page of expenses, searched in the description and the code's name; sort by date (default, newest first), amount, expenseCode or employee; the sums are of all matches",
  access,
  query: searchQuerySchema,
  paging: true,
  response: dataOf(pageOf(expense).extend(sums)),
});
registerCall({
  method: "get",
  path: "/expenses/{id}",
  tag,
  summary: "One expense",
  access,
  params: id,
  response: dataOf(expense),
});
registerCall({
  method: "post",
  path: "/expenses",
  tag,
  summary:
    "Create an expense (amount in dollars, above 0; the code, employee and related record must be the company's)",
  access,
  body: expenseApiSchema,
  status: 201,
  response: dataOf(expense),
});
registerCall({
  method: "put",
  path: "/expenses",
  tag,
  summary: "Update an expense; a missing receiptUrl keeps the receipt, null removes it",
  access,
  body: expenseUpdateApiSchema,
  response: dataOf(expense),
});
registerCall({
  method: "delete",
  path: "/expenses/{id}",
  tag,
  summary: "Delete an expense and its receipt",
  access,
  params: id,
  response: dataOf(z.object({ id: z.number().int() })),
});
for (const record of ["job", "estimate"] as const)
  registerCall({
    method: "get",
    path: `/expenses/${record}/{id}`,
    tag,
    summary: `The expenses related to a ${record}, oldest day first, with their sum`,
    access,
    params: id,
    response: dataOf(z.object({ items: z.array(expense), ...sums })),
  });
registerCall({
  method: "get",
  path: "/expenses/exist-for-expense-code/{id}",
  tag,
  summary: "Whether (and how many) expenses carry an expense code: asked before deleting the code",
  access,
  params: id,
  response: dataOf(z.object({ exists: z.boolean(), count: z.number().int() })),
});
registerCall({
  method: "post",
  path: "/expenses/upload-expense-receipt-image",
  tag,
  summary:
    "Upload a receipt image (jpeg, jpg, png, heic, heif up to 10 MB, checked by content, stored as PNG); send its receiptUrl with the expense",
  access,
  multipart: z.object({ file: z.string().describe("image file") }),
  status: 201,
  response: dataOf(z.object({ receiptUrl: z.string() })),
});
registerCall({
  method: "get",
  path: "/expenses/search-related-entities",
  tag,
  summary: `The company's records of one type (${types}) matching a search; employeeIds narrows jobs and estimates to those assigned to one of them, and employees to them`,
  access,
  query: relatedSearchQuerySchema,
  response: dataOf(z.array(relatedEntity)),
});
registerCall({
  method: "get",
  path: "/expenses/related-entity",
  tag,
  summary: "One related record by type and id",
  access,
  query: relatedEntityQuerySchema,
  response: dataOf(relatedEntity),
});
registerCall({
  method: "get",
  path: "/expenses/export-csv",
  tag,
  summary: `The expenses (searched as the list is) as CSV: ${EXPENSE_CSV_COLUMNS.join(", ")}`,
  access,
  query: searchQuerySchema,
  responseDescription: "text/csv",
});
