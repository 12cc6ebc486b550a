import { and, asc, desc, eq, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { companyChecklists } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import type { Paging } from "~/http/query-schemas";
import { containsPattern } from "~/utils/search";
import { withKeys, type FormDefinitionInput } from "./checklist-items";

// The company's forms and checklists (the builder at /forms, docs/decisions/064). A form is one row
// with its items as JSON; jobs and estimates get copies, so editing or deleting a form here never
// rewrites a checklist already assigned (their reference to the form empties on delete).

const ofCompany = (ctx: Pick<CallerContext, "companyId">) => eq(companyChecklists.companyId, ctx.companyId);
const byId = (ctx: CallerContext, id: number) => and(eq(companyChecklists.id, id), ofCompany(ctx));
/** The sort key of company_checklists_company_name_idx (company, lower(name), id). */
const nameKey = sql`lower(${companyChecklists.name})`;

export const FORM_SORT_FIELDS = ["name"] as const;

/** One page of the list: the name containing the search, by name (ascending unless asked) on its index. */
export async function pageForms(ctx: CallerContext, query: { search?: string; paging: Paging }) {
  const { paging } = query;
  const search = query.search?.trim();
  const where = and(ofCompany(ctx), search ? sql`${nameKey} like ${containsPattern(search.toLowerCase())}` : undefined);
  const dir = paging.sortSettings.find((s) => s.fieldName === "name")?.descending ? desc : asc;
  const [items, [{ total }]] = await Promise.all([
    db
      .select({
        id: companyChecklists.id,
        name: companyChecklists.name,
        itemsCount: sql<number>`jsonb_array_length(${companyChecklists.items})::int`,
        updatedAt: companyChecklists.updatedAt,
      })
      .from(companyChecklists)
      .where(where)
      .orderBy(dir(nameKey), dir(companyChecklists.id))
      .limit(paging.pageSize)
      .offset((paging.pageNumber - 1) * paging.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(companyChecklists)
      .where(where),
  ]);
  return { items, total };
}

export type FormListRow = Awaited<ReturnType<typeof pageForms>>["items"][number];

/** A form of the company with its items; null when it is not the company's. */
export async function getForm(ctx: CallerContext, id: number) {
  const [form] = await db
    .select({
      id: companyChecklists.id,
      name: companyChecklists.name,
      description: companyChecklists.description,
      items: companyChecklists.items,
      updatedAt: companyChecklists.updatedAt,
    })
    .from(companyChecklists)
    .where(byId(ctx, id));
  return form ?? null;
}

export type CompanyForm = NonNullable<Awaited<ReturnType<typeof getForm>>>;

/** Whether the form is the company's (an action answers 404 before reading the post otherwise). */
export async function formExists(ctx: CallerContext, id: number) {
  const [row] = await db.select({ id: companyChecklists.id }).from(companyChecklists).where(byId(ctx, id));
  return !!row;
}

export async function createForm(ctx: CallerContext, input: FormDefinitionInput): Promise<number> {
  const [row] = await db
    .insert(companyChecklists)
    .values({
      companyId: ctx.companyId,
      name: input.name,
      description: input.description ?? null,
      items: withKeys(input.items),
      createdByUserId: ctx.userId,
    })
    .returning({ id: companyChecklists.id });
  return row.id;
}

/** Saves the form; items keep their keys, so answers already given stay with their item. False when not the company's. */
export async function updateForm(ctx: CallerContext, id: number, input: FormDefinitionInput): Promise<boolean> {
  const rows = await db
    .update(companyChecklists)
    .set({
      name: input.name,
      description: input.description ?? null,
      items: withKeys(input.items),
      updatedAt: new Date(),
    })
    .where(byId(ctx, id))
    .returning({ id: companyChecklists.id });
  return rows.length > 0;
}

/** Deletes the form; assigned checklists keep their copy (their form reference empties). False when not the company's. */
export async function deleteForm(ctx: CallerContext, id: number): Promise<boolean> {
  const rows = await db.delete(companyChecklists).where(byId(ctx, id)).returning({ id: companyChecklists.id });
  return rows.length > 0;
}

/** The company's forms by name: the pickers of jobs, estimates and templates. */
export function companyFormOptions(companyId: number) {
  return db
    .select({ id: companyChecklists.id, name: companyChecklists.name })
    .from(companyChecklists)
    .where(ofCompany({ companyId }))
    .orderBy(nameKey, asc(companyChecklists.id));
}
