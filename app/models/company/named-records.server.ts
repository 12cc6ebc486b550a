import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable, SelectedFieldsFlat } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { CallerContext } from "~/access/access.server";
import { db, type Executor } from "~/db.server";
import { RuleError } from "~/models/rules";

/** A company's table of named records: tags, lead sources, tax rates, discounts, expense codes. */
type NamedRecordTable = PgTable & { id: AnyPgColumn; companyId: AnyPgColumn; name: AnyPgColumn };

/** Another record of the company (of the same kind, e.g. tag type) already has the name, ignoring case. */
export class NameTakenError extends RuleError {
  constructor(what: string, name: string) {
    super({ name: `${/^[aeiou]/i.test(what) ? "An" : "A"} ${what} named '${name}' already exists` });
  }
}

/**
 * The queries a company's list of named records shares. Every query filters by the caller's company;
 * updates and deletes match id and company together, so another company's id touches nothing and
 * answers null or false. `scope` narrows the list to one part of it (a tag type), where names are unique.
 */
export function namedRecords<C extends SelectedFieldsFlat>({
  table,
  what,
  columns,
  beforeDelete,
}: {
  table: NamedRecordTable;
  /** The record's name in messages: "tax rate" → "A tax rate named 'X' already exists". */
  what: string;
  /** The columns lists, reads and saves answer with. */
  columns: C;
  /** Refuses a delete (RuleError) while the record is in use; runs only on the company's record. */
  beforeDelete?: (ctx: CallerContext, id: number) => Promise<void>;
}) {
  type Row = SelectResultFields<C>;
  const ofCompany = (ctx: CallerContext, scope?: SQL) => and(eq(table.companyId, ctx.companyId), scope);
  const own = (ctx: CallerContext, id: number) => and(eq(table.id, id), eq(table.companyId, ctx.companyId));

  /** The company's record `id` with the `select`ed columns; null when it is not theirs. */
  async function getAs<S extends SelectedFieldsFlat>(ctx: CallerContext, id: number, select: S) {
    const rows = await db.select(select).from(table).where(own(ctx, id)).limit(1);
    return (rows as SelectResultFields<S>[])[0] ?? null;
  }

  async function refuseTakenName(exec: Executor, ctx: CallerContext, name: string, exceptId?: number, scope?: SQL) {
    const [row] = await exec
      .select({ id: table.id })
      .from(table)
      .where(
        and(
          ofCompany(ctx, scope),
          sql`lower(${table.name}) = lower(${name})`,
          exceptId ? sql`${table.id} <> ${exceptId}` : undefined,
        ),
      )
      .limit(1);
    if (row) throw new NameTakenError(what, name);
  }

  return {
    /** The company's records by name. */
    list(ctx: CallerContext, { scope, exec = db }: { scope?: SQL; exec?: Executor } = {}): Promise<Row[]> {
      return exec
        .select(columns)
        .from(table)
        .where(ofCompany(ctx, scope))
        .orderBy(asc(sql`lower(${table.name})`), asc(table.id)) as Promise<Row[]>;
    },

    get: (ctx: CallerContext, id: number) => getAs(ctx, id, columns),

    getAs,

    /**
     * Creates the record (no id) or renames and updates the company's record `id` (null when it is
     * not theirs); a name the company already uses in the scope is refused with NameTakenError.
     */
    save(ctx: CallerContext, input: { id?: number; name: string }, values: object = {}, scope?: SQL) {
      return db.transaction(async (tx) => {
        await refuseTakenName(tx, ctx, input.name, input.id, scope);
        // The table is generic here, so drizzle cannot check the column values: each caller names its own.
        const saved = input.id
          ? tx
              .update(table)
              .set({ name: input.name, ...values } as never)
              .where(own(ctx, input.id))
              .returning(columns)
          : tx
              .insert(table)
              .values({ companyId: ctx.companyId, name: input.name, ...values } as never)
              .returning(columns);
        const [row] = (await saved) as Row[];
        return (row ?? null) as Row | null;
      });
    },

    /** Deletes the company's record; false when it is not theirs. */
    async delete(ctx: CallerContext, id: number): Promise<boolean> {
      if (beforeDelete) {
        if (!(await getAs(ctx, id, { id: table.id }))) return false;
        await beforeDelete(ctx, id);
      }
      const deleted = await db.delete(table).where(own(ctx, id)).returning({ id: table.id });
      return deleted.length > 0;
    },

    /** Keeps only the ids that are the company's records (for forms that attach them). */
    async ownIds(exec: Executor, ctx: CallerContext, ids: readonly number[], scope?: SQL): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await exec
        .select({ id: table.id })
        .from(table)
        .where(and(ofCompany(ctx, scope), inArray(table.id, [...ids])));
      return rows.map((r) => r.id as number);
    },
  };
}
