import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db, type Executor } from "~/db.server";
import {
  customers,
  estimateEmployees,
  estimates,
  expenseCodes,
  expenses,
  jobEmployees,
  jobs,
  users,
} from "~/db/schema";
import type { CallerContext, CompanyAccess } from "~/access/access.server";
import { hasAppFeature } from "~/access/features";
import { screens } from "~/access/route-table";
import {
  EXPENSE_CSV_COLUMNS,
  RelatedType,
  relatedTypeLabel,
  type ExpenseInput,
  type ExpenseSortField,
  type RelatedTypeValue,
} from "~/models/expenses/expenses.schema";
import { searchQueryTerms } from "~/models/customers/customers.server";
import { companyFileUrl } from "~/models/files/company-files.server";
import { toCsv } from "~/models/files/csv.server";
import { centsToDollars } from "~/models/line-items/money";
import { RuleError } from "~/models/rules";
import { deleteFile, keyFromUrl } from "~/services/storage.server";

/** Receipts are the company's own: a private folder, served only to its signed-in users. */
export const RECEIPT_FOLDER = "expense-receipts";

const employees = alias(users, "expense_employees");
const relatedUsers = alias(users, "expense_related_users");

const fullName = (first: SQL | unknown, last: SQL | unknown) =>
  sql<string>`trim(${first} || ' ' || coalesce(${last}, ''))`;

/** The related record's words for a person: "Customer Name", "Job #12 Furnace", "Estimate #3 Roof". */
const relatedName = sql<string | null>`case ${expenses.relatedType}
  when ${RelatedType.Customer} then ${fullName(customers.firstName, customers.lastName)}
  when ${RelatedType.Job} then trim('Job #' || ${jobs.id} || ' ' || coalesce(${jobs.name}, ''))
  when ${RelatedType.Estimate} then trim('Estimate #' || ${estimates.number} || ' ' || coalesce(${estimates.name}, ''))
  when ${RelatedType.Employee} then ${fullName(relatedUsers.firstName, relatedUsers.lastName)}
end`;

const relatedId = sql<number | null>`case ${expenses.relatedType}
  when ${RelatedType.Customer} then ${expenses.relatedCustomerId}
  when ${RelatedType.Job} then ${expenses.relatedJobId}
  when ${RelatedType.Estimate} then ${expenses.relatedEstimateId}
  when ${RelatedType.Employee} then ${expenses.relatedUserId}
end`;

const rowColumns = {
  id: expenses.id,
  date: expenses.spentOn,
  amountCents: expenses.amountCents,
  expenseCodeId: expenseCodes.id,
  expenseCodeName: expenseCodes.name,
  expenseCodeDescription: expenseCodes.description,
  description: expenses.description,
  employeeId: employees.id,
  employeeName: sql<
    string | null
  >`case when ${employees.id} is null then null else ${fullName(employees.firstName, employees.lastName)} end`,
  relatedEntityType: expenses.relatedType,
  relatedEntityId: relatedId,
  relatedEntityName: relatedName,
  receiptUrl: expenses.receiptUrl,
};

export type ExpenseRow = {
  id: number;
  date: string;
  amountCents: number;
  expenseCodeId: number | null;
  expenseCodeName: string | null;
  expenseCodeDescription: string | null;
  description: string | null;
  employeeId: number | null;
  employeeName: string | null;
  relatedEntityType: number | null;
  relatedEntityId: number | null;
  relatedEntityName: string | null;
  receiptUrl: string | null;
};

/** Expenses with their code, employee and related record; each join matches the company too. */
function expenseRows(ctx: CallerContext) {
  return db
    .select(rowColumns)
    .from(expenses)
    .leftJoin(expenseCodes, and(eq(expenseCodes.id, expenses.expenseCodeId), eq(expenseCodes.companyId, ctx.companyId)))
    .leftJoin(employees, and(eq(employees.id, expenses.employeeUserId), eq(employees.companyId, ctx.companyId)))
    .leftJoin(customers, and(eq(customers.id, expenses.relatedCustomerId), eq(customers.companyId, ctx.companyId)))
    .leftJoin(jobs, and(eq(jobs.id, expenses.relatedJobId), eq(jobs.companyId, ctx.companyId)))
    .leftJoin(estimates, and(eq(estimates.id, expenses.relatedEstimateId), eq(estimates.companyId, ctx.companyId)))
    .leftJoin(
      relatedUsers,
      and(eq(relatedUsers.id, expenses.relatedUserId), eq(relatedUsers.companyId, ctx.companyId)),
    );
}

const SORTS: Record<ExpenseSortField, SQL> = {
  date: sql`${expenses.spentOn}`,
  amount: sql`${expenses.amountCents}`,
  expenseCode: sql`lower(${expenseCodes.name})`,
  employee: sql`lower(${fullName(employees.firstName, employees.lastName)})`,
};

/** The list's search: words of the description (its search vector, by prefix) or part of the code's name. */
function searchCondition(search: string | undefined): SQL | undefined {
  const q = search?.trim();
  if (!q) return undefined;
  const terms = searchQueryTerms(q);
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(
    terms ? sql`${expenses.searchVector} @@ to_tsquery('simple', ${terms})` : undefined,
    sql`lower(${expenseCodes.name}) like ${pattern}`,
  );
}

export type ExpensePageQuery = {
  search?: string;
  pageNumber: number;
  pageSize: number;
  sort?: { fieldName: string; descending: boolean } | null;
};

/**
 * One page of the company's expenses, newest day first unless sorted, with the count and the sum
 * of the whole filtered set. Date and amount sorts walk their (company, column, id) index; ties
 * break on the id, so paging never repeats a row.
 */
export async function pageExpenses(
  ctx: CallerContext,
  query: ExpensePageQuery,
): Promise<{ items: ExpenseRow[]; total: number; totalCents: number }> {
  const where = and(eq(expenses.companyId, ctx.companyId), searchCondition(query.search));
  const field = (
    EXPENSE_SORTS.includes(query.sort?.fieldName ?? "") ? query.sort!.fieldName : "date"
  ) as ExpenseSortField;
  const descending = query.sort ? query.sort.descending : true;
  const direction = descending ? desc : asc;
  const nulls = descending ? sql`nulls last` : sql`nulls first`;
  const [items, [sums]] = await Promise.all([
    expenseRows(ctx)
      .where(where)
      .orderBy(sql`${SORTS[field]} ${descending ? sql`desc` : sql`asc`} ${nulls}`, direction(expenses.id))
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize),
    db
      .select({
        total: sql<number>`count(*)::int`,
        totalCents: sql<number>`coalesce(sum(${expenses.amountCents}), 0)::bigint`,
      })
      .from(expenses)
      .leftJoin(
        expenseCodes,
        and(eq(expenseCodes.id, expenses.expenseCodeId), eq(expenseCodes.companyId, ctx.companyId)),
      )
      .where(where),
  ]);
  return { items: items as ExpenseRow[], total: sums.total, totalCents: Number(sums.totalCents) };
}
const EXPENSE_SORTS: readonly string[] = Object.keys(SORTS);

export async function getExpense(ctx: CallerContext, id: number): Promise<ExpenseRow | null> {
  const [row] = await expenseRows(ctx)
    .where(and(eq(expenses.id, id), eq(expenses.companyId, ctx.companyId)))
    .limit(1);
  return (row as ExpenseRow | undefined) ?? null;
}

/** The expenses of one job or estimate (its page's section and GET /api/expenses/job|estimate/{id}), oldest day first, with their sum. */
export async function expensesOfRecord(
  ctx: CallerContext,
  record: { jobId: number } | { estimateId: number },
): Promise<{ items: ExpenseRow[]; totalCents: number }> {
  const match =
    "jobId" in record ? eq(expenses.relatedJobId, record.jobId) : eq(expenses.relatedEstimateId, record.estimateId);
  const items = (await expenseRows(ctx)
    .where(and(match, eq(expenses.companyId, ctx.companyId)))
    .orderBy(asc(expenses.spentOn), asc(expenses.id))) as ExpenseRow[];
  return { items, totalCents: items.reduce((sum, e) => sum + e.amountCents, 0) };
}

/** Whether the caller may see expenses: the /expense-tracking entry's roles and feature (the job and estimate pages ask). */
function seesExpenses(ctx: CallerContext, company: Pick<CompanyAccess, "featureFlags">): boolean {
  const rule = screens.expenseTracking;
  return (
    (rule.roles?.includes(ctx.role) ?? true) &&
    (rule.appFeatures ?? []).every((bit) => hasAppFeature(company.featureFlags, bit))
  );
}

/** The expenses section of a job's or estimate's page, or null for a caller who may not see expenses. */
export async function recordExpensesSection(
  ctx: CallerContext,
  company: Pick<CompanyAccess, "featureFlags">,
  record: { jobId: number } | { estimateId: number },
) {
  if (!seesExpenses(ctx, company)) return null;
  const { items, totalCents } = await expensesOfRecord(ctx, record);
  const related =
    "jobId" in record
      ? { relatedEntityType: RelatedType.Job, relatedEntityId: record.jobId }
      : { relatedEntityType: RelatedType.Estimate, relatedEntityId: record.estimateId };
  return { items, totalCents, ...related };
}

/** How many of the company's expenses carry this code (GET /api/expenses/exist-for-expense-code/{id}); null when the code is not the company's. */
export async function countExpensesForCode(ctx: CallerContext, codeId: number): Promise<number | null> {
  const [code] = await db
    .select({ id: expenseCodes.id })
    .from(expenseCodes)
    .where(and(eq(expenseCodes.id, codeId), eq(expenseCodes.companyId, ctx.companyId)))
    .limit(1);
  if (!code) return null;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(expenses)
    .where(and(eq(expenses.companyId, ctx.companyId), eq(expenses.expenseCodeId, codeId)));
  return row.count;
}

// ---- Related records --------------------------------------------------------------------------

export type RelatedEntity = { id: number; type: RelatedTypeValue; name: string };

const containsPattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The company's records of one type matching a search (the form's picker and GET
 * /api/expenses/search-related-entities). employeeIds narrows jobs and estimates to those assigned
 * to one of these employees, and employees to these ids.
 */
export async function searchRelatedEntities(
  ctx: CallerContext,
  query: { searchQuery?: string; entityType: number; limit: number; employeeIds?: readonly number[] },
): Promise<RelatedEntity[]> {
  const type = query.entityType as RelatedTypeValue;
  const terms = searchQueryTerms(query.searchQuery);
  const q = query.searchQuery?.trim() ?? "";
  const ids = query.employeeIds ?? [];
  const limit = query.limit;
  if (type === RelatedType.Customer) {
    const rows = await db
      .select({ id: customers.id, name: fullName(customers.firstName, customers.lastName) })
      .from(customers)
      .where(
        and(
          eq(customers.companyId, ctx.companyId),
          isNull(customers.deletedAt),
          terms ? sql`${customers.searchVector} @@ to_tsquery('simple', ${terms})` : undefined,
        ),
      )
      .orderBy(asc(customers.sortFirstName), asc(customers.sortLastName), asc(customers.id))
      .limit(limit);
    return rows.map((r) => ({ ...r, type }));
  }
  if (type === RelatedType.Job) {
    const rows = await db
      .select({ id: jobs.id, name: sql<string>`trim('Job #' || ${jobs.id} || ' ' || coalesce(${jobs.name}, ''))` })
      .from(jobs)
      .where(
        and(
          eq(jobs.companyId, ctx.companyId),
          terms ? or(sql`${jobs.searchVector} @@ to_tsquery('simple', ${terms})`, idMatch(jobs.id, q)) : undefined,
          ids.length
            ? sql`exists (select 1 from ${jobEmployees} where ${jobEmployees.jobId} = ${jobs.id} and ${inArray(jobEmployees.userId, [...ids])})`
            : undefined,
        ),
      )
      .orderBy(desc(jobs.id))
      .limit(limit);
    return rows.map((r) => ({ ...r, type }));
  }
  if (type === RelatedType.Estimate) {
    const rows = await db
      .select({
        id: estimates.id,
        name: sql<string>`trim('Estimate #' || ${estimates.number} || ' ' || coalesce(${estimates.name}, ''))`,
      })
      .from(estimates)
      .where(
        and(
          eq(estimates.companyId, ctx.companyId),
          terms
            ? or(sql`${estimates.searchVector} @@ to_tsquery('simple', ${terms})`, idMatch(estimates.number, q))
            : undefined,
          ids.length
            ? sql`exists (select 1 from ${estimateEmployees} where ${estimateEmployees.estimateId} = ${estimates.id} and ${inArray(estimateEmployees.userId, [...ids])})`
            : undefined,
        ),
      )
      .orderBy(desc(estimates.number))
      .limit(limit);
    return rows.map((r) => ({ ...r, type }));
  }
  const rows = await db
    .select({ id: users.id, name: fullName(users.firstName, users.lastName) })
    .from(users)
    .where(
      and(
        eq(users.companyId, ctx.companyId),
        isNull(users.deletedAt),
        q
          ? or(
              sql`(${users.firstName} || ' ' || coalesce(${users.lastName}, '')) ilike ${containsPattern(q)}`,
              sql`${users.email} ilike ${containsPattern(q)}`,
            )
          : undefined,
        ids.length ? inArray(users.id, [...ids]) : undefined,
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, type }));
}

/** "#12" or "12" typed in the search finds job 12 / estimate number 12. */
function idMatch(column: typeof jobs.id | typeof estimates.number, q: string): SQL | undefined {
  const n = /^#?(\d{1,9})$/.exec(q)?.[1];
  return n ? eq(column, Number(n)) : undefined;
}

/** One related record of the company by type and id (GET /api/expenses/related-entity), else null. */
export async function getRelatedEntity(
  ctx: CallerContext,
  type: number,
  id: number,
  exec: Executor = db,
): Promise<RelatedEntity | null> {
  const t = type as RelatedTypeValue;
  const one = async (rows: Promise<{ id: number; name: string }[]>) => {
    const [row] = await rows;
    return row ? { ...row, type: t } : null;
  };
  if (t === RelatedType.Customer)
    return one(
      exec
        .select({ id: customers.id, name: fullName(customers.firstName, customers.lastName) })
        .from(customers)
        .where(and(eq(customers.id, id), eq(customers.companyId, ctx.companyId), isNull(customers.deletedAt)))
        .limit(1),
    );
  if (t === RelatedType.Job)
    return one(
      exec
        .select({ id: jobs.id, name: sql<string>`trim('Job #' || ${jobs.id} || ' ' || coalesce(${jobs.name}, ''))` })
        .from(jobs)
        .where(and(eq(jobs.id, id), eq(jobs.companyId, ctx.companyId)))
        .limit(1),
    );
  if (t === RelatedType.Estimate)
    return one(
      exec
        .select({
          id: estimates.id,
          name: sql<string>`trim('Estimate #' || ${estimates.number} || ' ' || coalesce(${estimates.name}, ''))`,
        })
        .from(estimates)
        .where(and(eq(estimates.id, id), eq(estimates.companyId, ctx.companyId)))
        .limit(1),
    );
  if (t === RelatedType.Employee) return employeeOf(ctx, id, exec);
  return null;
}

async function employeeOf(ctx: CallerContext, id: number, exec: Executor = db): Promise<RelatedEntity | null> {
  const [row] = await exec
    .select({ id: users.id, name: fullName(users.firstName, users.lastName) })
    .from(users)
    .where(and(eq(users.id, id), eq(users.companyId, ctx.companyId), isNull(users.deletedAt)))
    .limit(1);
  return row ? { ...row, type: RelatedType.Employee } : null;
}

// ---- Writes -------------------------------------------------------------------------------------

/** A receipt change of an update: undefined keeps the current one, null removes it, a URL replaces it. */
export type ReceiptChange = { receiptUrl: string | null } | undefined;

/** The columns of an expense from its input, after checking that every id is the company's (RuleError on the field). */
async function expenseValues(ctx: CallerContext, input: ExpenseInput, exec: Executor) {
  const errors: Record<string, string> = {};
  if (input.expenseCodeId !== undefined) {
    const [code] = await exec
      .select({ id: expenseCodes.id })
      .from(expenseCodes)
      .where(and(eq(expenseCodes.id, input.expenseCodeId), eq(expenseCodes.companyId, ctx.companyId)))
      .limit(1);
    if (!code) errors.expenseCodeId = "Choose one of your expense codes";
  }
  if (input.employeeId !== undefined && !(await employeeOf(ctx, input.employeeId, exec)))
    errors.employeeId = "Choose one of your employees";
  const type = input.relatedEntityType;
  const related =
    type !== undefined && input.relatedEntityId !== undefined
      ? await getRelatedEntity(ctx, type, input.relatedEntityId, exec)
      : null;
  if (type !== undefined && !related)
    errors.relatedEntityId = `Choose one of your ${relatedTypeLabel(type).toLowerCase()}s`;
  if (Object.keys(errors).length) throw new RuleError(errors);
  return {
    spentOn: input.date,
    amountCents: input.amount,
    expenseCodeId: input.expenseCodeId ?? null,
    description: input.description ?? null,
    employeeUserId: input.employeeId ?? null,
    relatedType: related ? related.type : null,
    relatedCustomerId: related?.type === RelatedType.Customer ? related.id : null,
    relatedJobId: related?.type === RelatedType.Job ? related.id : null,
    relatedEstimateId: related?.type === RelatedType.Estimate ? related.id : null,
    relatedUserId: related?.type === RelatedType.Employee ? related.id : null,
  };
}

/** A receipt URL the API names: only a file uploaded into the company's receipts folder. */
export function receiptColumns(
  ctx: CallerContext,
  url: string | null,
): { receiptUrl: string | null; receiptStorageKey: string | null } {
  if (url === null) return { receiptUrl: null, receiptStorageKey: null };
  const own = companyFileUrl(ctx.companyId, url, [RECEIPT_FOLDER]);
  if (!own) throw new RuleError({ receiptUrl: "The receipt must be an image uploaded for your expenses" });
  return { receiptUrl: own, receiptStorageKey: keyFromUrl(own) };
}

export async function createExpense(ctx: CallerContext, input: ExpenseInput, receiptUrl: string | null = null) {
  const receipt = receiptColumns(ctx, receiptUrl);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(expenses)
      .values({
        companyId: ctx.companyId,
        createdByUserId: ctx.userId,
        ...(await expenseValues(ctx, input, tx)),
        ...receipt,
      })
      .returning({ id: expenses.id });
    return row;
  });
}

/**
 * Updates the company's expense; `receipt` undefined keeps the current one, a URL or null replaces
 * it (the old file is removed once the row no longer names it). Null when the expense is not the company's.
 */
export async function updateExpense(
  ctx: CallerContext,
  id: number,
  input: ExpenseInput,
  receipt: ReceiptChange,
): Promise<{ id: number } | null> {
  const receiptValues = receipt ? receiptColumns(ctx, receipt.receiptUrl) : {};
  const result = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ receiptUrl: expenses.receiptUrl })
      .from(expenses)
      .where(and(eq(expenses.id, id), eq(expenses.companyId, ctx.companyId)))
      .for("update")
      .limit(1);
    if (!current) return null;
    await tx
      .update(expenses)
      .set({ ...(await expenseValues(ctx, input, tx)), ...receiptValues, updatedAt: new Date() })
      .where(and(eq(expenses.id, id), eq(expenses.companyId, ctx.companyId)));
    return { id, oldReceipt: current.receiptUrl };
  });
  if (!result) return null;
  if (receipt && result.oldReceipt && result.oldReceipt !== receipt.receiptUrl) await deleteFile(result.oldReceipt);
  return { id };
}

export async function deleteExpense(ctx: CallerContext, id: number): Promise<boolean> {
  const [row] = await db
    .delete(expenses)
    .where(and(eq(expenses.id, id), eq(expenses.companyId, ctx.companyId)))
    .returning({ receiptUrl: expenses.receiptUrl });
  if (!row) return false;
  await deleteFile(row.receiptUrl);
  return true;
}

// ---- API and CSV --------------------------------------------------------------------------------

/** An expense as the API answers it: money in dollars (and cents), the code and the related record named. */
export function expenseJson(row: ExpenseRow) {
  return {
    id: row.id,
    date: row.date,
    amount: centsToDollars(row.amountCents),
    amountCents: row.amountCents,
    expenseCode: row.expenseCodeId
      ? { id: row.expenseCodeId, name: row.expenseCodeName, description: row.expenseCodeDescription }
      : null,
    description: row.description,
    employee: row.employeeId ? { id: row.employeeId, name: row.employeeName } : null,
    relatedEntity:
      row.relatedEntityType !== null && row.relatedEntityId !== null
        ? { type: row.relatedEntityType, id: row.relatedEntityId, name: row.relatedEntityName }
        : null,
    receiptUrl: row.receiptUrl,
  };
}

/** The company's expenses (searched as the list is) as CSV, newest day first; amounts in dollars. */
export async function exportExpensesCsv(ctx: CallerContext, search?: string): Promise<string> {
  const rows = (await expenseRows(ctx)
    .where(and(eq(expenses.companyId, ctx.companyId), searchCondition(search)))
    .orderBy(desc(expenses.spentOn), desc(expenses.id))) as ExpenseRow[];
  return toCsv(
    rows.map((r) => [
      r.date,
      (r.amountCents / 100).toFixed(2),
      r.expenseCodeName ?? "",
      r.description ?? "",
      r.employeeName ?? "",
      relatedTypeLabel(r.relatedEntityType),
      r.relatedEntityName ?? "",
    ]),
    { header: true, columns: [...EXPENSE_CSV_COLUMNS] },
  );
}
