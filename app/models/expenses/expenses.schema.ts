import { z } from "zod";
import { idList } from "~/http/query-schemas";
import { requiredMoneyField } from "~/models/line-items/money";
import { checkbox, messages } from "~/utils/validation";

/** Related entity types of an expense (spec part 2 section 3, listed order from 0): Customer, Job, Estimate, User. */
export const RelatedType = { Customer: 0, Job: 1, Estimate: 2, Employee: 3 } as const;
export type RelatedTypeValue = (typeof RelatedType)[keyof typeof RelatedType];
/** The spec shows the User type as "Employee". */
export const relatedTypeOptions = [
  { value: RelatedType.Customer, label: "Customer" },
  { value: RelatedType.Job, label: "Job" },
  { value: RelatedType.Estimate, label: "Estimate" },
  { value: RelatedType.Employee, label: "Employee" },
] as const;
export const relatedTypeLabel = (type: number | null) => relatedTypeOptions.find((o) => o.value === type)?.label ?? "";

export const EXPENSE_DESCRIPTION_MAX = 1000;
export const EXPENSE_FORM_ID = "expense";
export const EXPENSE_SORT_FIELDS = ["date", "amount", "expenseCode", "employee"] as const;
export type ExpenseSortField = (typeof EXPENSE_SORT_FIELDS)[number];
export const RELATED_SEARCH_LIMIT_MAX = 50;
/** The CSV export's columns, in order. */
export const EXPENSE_CSV_COLUMNS = [
  "Date",
  "Amount",
  "Expense Code",
  "Description",
  "Employee",
  "Related To",
  "Related Record",
] as const;

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

/** A calendar day (YYYY-MM-DD) that exists. */
const dayField = (label: string) =>
  z.preprocess(
    blank,
    z
      .string({ required_error: messages.required(label), invalid_type_error: `${label} must be a date` })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
      .refine((s) => {
        const day = new Date(`${s}T00:00:00Z`);
        return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(s);
      }, `${label} must be a date`),
  );

const optionalId = z.preprocess(blank, z.coerce.number().int().positive().optional());

const relatedTypeField = z.preprocess(
  blank,
  z.coerce
    .number({ invalid_type_error: "Related to must be a customer, job, estimate or employee" })
    .int()
    .refine(
      (v): v is RelatedTypeValue => relatedTypeOptions.some((o) => o.value === v),
      "Related to must be a customer, job, estimate or employee",
    )
    .optional(),
);

/**
 * An expense as the form and the API send it: the amount in dollars (kept in integer cents), the
 * day spent, the company's code, the employee who spent it and one related record. Which ids are
 * the company's is the model's check (a RuleError on the field).
 */
export const expenseSchema = z
  .object({
    date: dayField("Date"),
    amount: requiredMoneyField("Amount").refine((cents) => cents > 0, "Amount must be greater than 0"),
    expenseCodeId: optionalId,
    description: z.preprocess(
      blank,
      z.string().trim().max(EXPENSE_DESCRIPTION_MAX, messages.max("Description", EXPENSE_DESCRIPTION_MAX)).optional(),
    ),
    employeeId: optionalId,
    relatedEntityType: relatedTypeField,
    relatedEntityId: optionalId,
  })
  .superRefine((v, ctx) => {
    if (v.relatedEntityType !== undefined && v.relatedEntityId === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["relatedEntityId"],
        message: `Choose the ${relatedTypeLabel(v.relatedEntityType).toLowerCase()}`,
      });
    if (v.relatedEntityType === undefined && v.relatedEntityId !== undefined)
      ctx.addIssue({ code: "custom", path: ["relatedEntityType"], message: messages.required("Related to") });
  });
export type ExpenseInput = z.infer<typeof expenseSchema>;

/** The screen's form: a receipt file may come along, or the current one be removed. */
export const expenseFormSchema = expenseSchema.and(z.object({ removeReceipt: checkbox() }));

/**
 * POST /api/expenses: a receipt uploaded first (POST /api/expenses/upload-expense-receipt-image) is
 * named by its URL. On PUT a missing receiptUrl keeps the receipt, null or "" removes it.
 */
export const expenseApiSchema = expenseSchema.and(z.object({ receiptUrl: z.string().max(2000).nullable().optional() }));
/** PUT /api/expenses: the whole expense with its id. */
export const expenseUpdateApiSchema = expenseApiSchema.and(z.object({ id: z.coerce.number().int().positive() }));

/** GET /api/expenses/search-related-entities. */
export const relatedSearchQuerySchema = z.object({
  searchQuery: z.string().max(200).optional(),
  entityType: z.coerce
    .number()
    .int()
    .refine(
      (v) => relatedTypeOptions.some((o) => o.value === v),
      "entityType must be 0 (customer), 1 (job), 2 (estimate) or 3 (employee)",
    ),
  limit: z.coerce.number().int().min(1).max(RELATED_SEARCH_LIMIT_MAX).default(20),
  employeeIds: idList,
});

/** GET /api/expenses/related-entity. */
export const relatedEntityQuerySchema = z.object({
  id: z.coerce.number().int().positive(),
  type: relatedSearchQuerySchema.shape.entityType,
});
