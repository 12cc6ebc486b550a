import { and, eq, sql, type SQL } from "drizzle-orm";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { AnyPgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import { db } from "~/db.server";
import { customers } from "~/db/schema";
import type { Paging } from "~/http/api.server";
import { pageTotal, scanWindow } from "~/models/list-pages";

/**
 * The plan of a long list's page (docs/decisions/046) for a table of visits (jobs, estimates): a
 * deferred join whose inner query walks the sort index for the page's ids, from the nearer end
 * when the whole company's total is known (its counter row), and a filtered list's capped count
 * in the same round trip. The caller selects its columns joined to `page` and ordered by `order`,
 * then hands the rows to `finish`.
 */
export function listPagePlan(input: {
  table: PgTable;
  id: AnyPgColumn;
  where: SQL | undefined;
  /** The sort's keys, most significant first; the id breaks ties. */
  sortKeys: SQL[];
  /**
   * The sort keys read the customer: the inner query joins the customer on this column, within
   * the company (so that the customers' name index gives the order).
   */
  customerForSort?: { customerId: AnyPgColumn; companyId: number };
  descending: boolean;
  offset: number;
  pageSize: number;
  /** The whole company's total (counter row), or null for a filtered list. */
  companyTotal: number | null;
  cap: number;
}) {
  const { table, id, where, sortKeys, offset, pageSize, companyTotal, cap } = input;
  const scan = scanWindow(offset, pageSize, companyTotal);
  const direction = (scan.fromEnd ? !input.descending : input.descending) ? sql`desc` : sql`asc`;
  const keys = Object.fromEntries(sortKeys.map((key, i) => [`k${i}`, sql`${key}`.as(`page_k${i}`)]));
  const inner = db.select({ pageId: sql<number>`${id}`.as("page_id"), ...keys }).from(table);
  const byCustomer = input.customerForSort;
  const page = (
    byCustomer
      ? inner.innerJoin(
          customers,
          and(eq(customers.companyId, byCustomer.companyId), eq(customers.id, byCustomer.customerId)),
        )
      : inner
  )
    .where(where)
    .orderBy(...sortKeys.map((key) => sql`${key} ${direction}`), sql`${id} ${direction}`)
    .limit(scan.limit)
    .offset(scan.offset)
    .as("page");
  const pageKeys = sortKeys.map((_key, i) => (page as unknown as Record<string, SQL.Aliased>)[`k${i}`]);
  const hitsQuery = db.select({ total: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1` })
      .from(table)
      .where(where)
      .limit(cap + 1)
      .as("hits"),
  );
  return {
    page,
    /** Select it as `hits`: the capped count of a filtered list, null for the whole company. */
    hits: companyTotal === null ? sql<number | null>`(${hitsQuery})` : sql<number | null>`null::int`,
    order: [...pageKeys.map((key) => sql`${key} ${direction}`), sql`${page.pageId} ${direction}`],
    /** The page's rows in the list's order, and its total. */
    finish: async <T extends { hits: number | null }>(scanned: T[]) => {
      const rows = scan.fromEnd ? scanned.reverse() : scanned;
      const counted = await pageTotal({
        knownTotal: companyTotal,
        offset,
        pageSize,
        rowCount: rows.length,
        hits: async () => rows[0]?.hits ?? (await hitsQuery)[0].total,
        cap,
      });
      return { rows: rows.map(({ hits: _hits, ...row }) => row), ...counted };
    },
  };
}

/**
 * The customer-name sort of the lists of records with a customer: first and last name keys and the
 * customer's id, the columns of the customers' name index, so that the page's ids come from walking
 * that index and each customer's records in turn (a nested loop the LIMIT stops early), not from
 * sorting every record of the company.
 */
export const byCustomerName: SQL[] = [
  sql`${customers.sortFirstName}`,
  sql`${customers.sortLastName}`,
  sql`${customers.id}`,
];

/**
 * A list screen of records with a customer, by its paging (shared by jobs, estimates and invoices):
 * `table`'s rows, sorted by the column the paging names (else `defaultSort`, newest first), the
 * whole company's total read from `counter` when nothing but the company narrows the list
 * (`wholeCompany`). `page` reads the page's `columns` with the customer's name (the plan above).
 */
export function pagedList<F extends string>(
  table: PgTable & { id: AnyPgColumn; customerId: AnyPgColumn },
  counter: PgTable & { count: AnyPgColumn; companyId: AnyPgColumn },
  sortColumns: Record<F, SQL | SQL[]>,
  defaultSort: F,
  cap: number,
) {
  return async <C extends SelectedFields>(
    query: { paging: Paging; companyId: number; where: SQL[]; wholeCompany: boolean },
    columns: C,
  ) => {
    const { paging } = query;
    const sort = paging.sortSettings.find((s) => s.fieldName in sortColumns);
    const column = sortColumns[(sort?.fieldName as F) ?? defaultSort];
    const [counted] = query.wholeCompany
      ? await db.select({ total: counter.count }).from(counter).where(eq(counter.companyId, query.companyId))
      : [];
    const plan = listPagePlan({
      table,
      id: table.id,
      where: and(...query.where),
      sortKeys: Array.isArray(column) ? column : [column],
      customerForSort:
        column === byCustomerName ? { customerId: table.customerId, companyId: query.companyId } : undefined,
      descending: sort ? !!sort.descending : true,
      offset: (paging.pageNumber - 1) * paging.pageSize,
      pageSize: paging.pageSize,
      companyTotal: query.wholeCompany ? ((counted?.total as number | undefined) ?? 0) : null,
      cap,
    });
    const scanned = await db
      .select({ ...columns, hits: plan.hits, firstName: customers.firstName, lastName: customers.lastName })
      .from(table)
      .innerJoin(plan.page, eq(table.id, plan.page.pageId))
      .innerJoin(customers, eq(customers.id, table.customerId))
      .orderBy(...plan.order);
    const { rows, total, totalIsCapped } = await plan.finish(
      scanned as (SelectResultFields<C> & { hits: number | null; firstName: string; lastName: string | null })[],
    );
    return {
      total,
      totalIsCapped,
      rows: rows.map(({ firstName, lastName, ...row }) => ({
        ...(row as unknown as SelectResultFields<C>),
        customerName: [firstName, lastName].filter(Boolean).join(" "),
      })),
    };
  };
}
