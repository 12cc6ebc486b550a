import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { db, type Executor } from "~/db.server";
import {
  companyChecklists,
  estimateAttachments,
  jobAttachments,
  tags,
  templateAttachments,
  templateChecklists,
  templateLineItems,
  templates,
  templateTags,
} from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { absoluteUrl } from "~/http/app-url.server";
import { uploadRecordFile, type RecordFile } from "~/http/record-files.server";
import type { Paging } from "~/http/query-schemas";
import { TagType } from "~/models/company/tags.schema";
import { addRecordFile, listRecordFiles, recordFileTable, removeRecordFile } from "~/models/files/record-files.server";
import { ownLineImageUrl } from "~/models/line-items/line-items.server";
import { lineItemColumns, lineItemJson } from "~/models/line-items/line-rows.server";
import { totalsLine } from "~/models/line-items/line-items.schema";
import { computeTotals } from "~/models/line-items/totals";
import { setRecordTags, recordTags } from "~/models/visits/visit-records.server";
import { assignChecklists } from "~/models/checklists/assigned-checklists.server";
import { FieldRuleError } from "~/models/rules";
import { deleteFile, parseKey, readStoredFile, saveFile } from "~/services/storage.server";
import { TemplateType, templateMessages, type TemplateInput, type TemplateTypeValue } from "./templates.schema";

/**
 * Job and estimate templates (docs/decisions/064): real columns and child tables (lines, tags,
 * checklists, files) rather than a blob; a job or estimate started from one copies what it needs,
 * files included, so deleting the template never breaks it.
 */

export class TemplateRuleError extends FieldRuleError {}

const ofCompany = (ctx: CallerContext) => eq(templates.companyId, ctx.companyId);
const tagTypeOf = (type: TemplateTypeValue) => (type === TemplateType.Job ? TagType.Job : TagType.Estimate);
const tagLinks = recordTags(templateTags, "templateId");
const fileTable = recordFileTable(templateAttachments, "templateId");
/** Where a template's files are stored (private, like job attachments). */
export const TEMPLATE_FILES_FOLDER = "templates";

// ---------------------------------------------------------------- reading

/** One page of the list (GET templates/page): by type, name containing the search, sorted by name on its index. */
export async function pageTemplates(
  ctx: CallerContext,
  query: { entityType?: TemplateTypeValue; search?: string; paging: Paging },
) {
  const { paging } = query;
  const search = query.search?.trim().toLowerCase();
  const where = and(
    ofCompany(ctx),
    query.entityType === undefined ? undefined : eq(templates.entityType, query.entityType),
    search ? sql`lower(${templates.name}) like ${`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
  );
  const dir = paging.sortSettings[0]?.fieldName === "name" && paging.sortSettings[0].descending ? desc : asc;
  const [items, [{ total }]] = await Promise.all([
    db
      .select({
        id: templates.id,
        entityType: templates.entityType,
        name: templates.name,
        description: templates.description,
        updatedAt: templates.updatedAt,
      })
      .from(templates)
      .where(where)
      .orderBy(dir(templates.entityType), dir(sql`lower(${templates.name})`), dir(templates.id))
      .limit(paging.pageSize)
      .offset((paging.pageNumber - 1) * paging.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(templates)
      .where(where),
  ]);
  return { items: items.map((t) => ({ ...t, entityType: t.entityType as TemplateTypeValue })), total };
}

/** The company's templates of a type by name (GET templates/all, the "Start from a template" select). */
export async function listTemplateOptions(ctx: CallerContext, type?: TemplateTypeValue) {
  return db
    .select({ id: templates.id, name: templates.name, entityType: templates.entityType })
    .from(templates)
    .where(and(ofCompany(ctx), type === undefined ? undefined : eq(templates.entityType, type)))
    .orderBy(asc(templates.entityType), sql`lower(${templates.name})`, asc(templates.id))
    .limit(1000);
}

/** A template of the company with its lines, tags, checklists and files; null when it is not the company's. */
export async function getTemplate(ctx: CallerContext, id: number, exec: Executor = db) {
  const [template] = await exec
    .select()
    .from(templates)
    .where(and(eq(templates.id, id), ofCompany(ctx)));
  if (!template) return null;
  // One after another: `exec` may be a transaction, whose one connection runs one query at a time.
  const lines = await exec
    .select()
    .from(templateLineItems)
    .where(eq(templateLineItems.templateId, id))
    .orderBy(asc(templateLineItems.position), asc(templateLineItems.id));
  const tagRows = await exec
    .select({ id: tags.id, name: tags.name })
    .from(templateTags)
    .innerJoin(tags, eq(tags.id, templateTags.tagId))
    .where(eq(templateTags.templateId, id))
    .orderBy(asc(tags.name));
  const checklists = await exec
    .select({ id: companyChecklists.id, name: companyChecklists.name })
    .from(templateChecklists)
    .innerJoin(companyChecklists, eq(companyChecklists.id, templateChecklists.companyChecklistId))
    .where(eq(templateChecklists.templateId, id))
    .orderBy(sql`lower(${companyChecklists.name})`);
  const attachments = await listRecordFiles(fileTable, id);
  return {
    id: template.id,
    entityType: template.entityType as TemplateTypeValue,
    name: template.name,
    description: template.description,
    message: template.message,
    privateNotes: template.privateNotes,
    taxRate: template.taxRate,
    discountCents: template.discountCents,
    createdAt: template.createdAt,
    updatedAt: template.updatedAt,
    lineItems: lines.map((l) => ({
      id: l.id,
      kind: l.kind,
      name: l.name,
      description: l.description,
      quantity: Number(l.quantity),
      unitPriceCents: l.unitPriceCents,
      costCents: l.costCents,
      isTaxable: l.isTaxable,
      imageUrl: l.imageUrl,
      priceListItemId: l.priceListItemId,
      amountCents: l.amountCents,
    })),
    tags: tagRows,
    checklists,
    attachments,
  };
}
export type TemplateDetails = NonNullable<Awaited<ReturnType<typeof getTemplate>>>;

// ---------------------------------------------------------------- writing

/** A line's image must be this company's line or price book image (the jobs' rule), refused on the line. */
function lineImage(ctx: CallerContext, imageUrl: string | undefined, position: number): string | null {
  if (!imageUrl) return null;
  const own = ownLineImageUrl(ctx.companyId, imageUrl);
  if (!own)
    throw new TemplateRuleError(
      "The image must be uploaded through templates/upload-line-item-image",
      `lineItems.${position}.imageUrl`,
    );
  return own;
}

/** Replaces the template's lines, tags and checklists with the input's (tags and forms of the company only). */
async function writeChildren(tx: Executor, ctx: CallerContext, templateId: number, input: TemplateInput) {
  const { lineAmounts } = computeTotals(input.lineItems.map(totalsLine), input.discount, input.taxRate);
  await tx.delete(templateLineItems).where(eq(templateLineItems.templateId, templateId));
  if (input.lineItems.length)
    await tx.insert(templateLineItems).values(
      lineItemColumns(ctx.companyId, input.lineItems, lineAmounts, (url, i) => lineImage(ctx, url, i)).map((r) => ({
        ...r,
        templateId,
      })),
    );
  await setRecordTags(tx, ctx, tagLinks, tagTypeOf(input.entityType), templateId, input.tags);
  await tx.delete(templateChecklists).where(eq(templateChecklists.templateId, templateId));
  const forms = input.companyCheckListIds.length
    ? await tx
        .select({ id: companyChecklists.id })
        .from(companyChecklists)
        .where(
          and(eq(companyChecklists.companyId, ctx.companyId), inArray(companyChecklists.id, input.companyCheckListIds)),
        )
    : [];
  if (forms.length)
    await tx
      .insert(templateChecklists)
      .values(forms.map((f) => ({ templateId, companyChecklistId: f.id, companyId: ctx.companyId })));
}

const columnsOf = (input: TemplateInput) => ({
  entityType: input.entityType,
  name: input.name,
  description: input.description ?? null,
  message: input.message ?? null,
  privateNotes: input.privateNotes ?? null,
  taxRate: input.taxRate,
  discountCents: input.discount,
});

/** POST templates: the template and its lines, tags and checklists in one transaction. */
export async function createTemplate(ctx: CallerContext, input: TemplateInput): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(templates)
      .values({ companyId: ctx.companyId, ...columnsOf(input), createdByUserId: ctx.userId })
      .returning({ id: templates.id });
    await writeChildren(tx, ctx, row.id, input);
    return row;
  });
}

/** PUT templates/{id}: the whole template; false when it is not the company's. */
export async function updateTemplate(ctx: CallerContext, id: number, input: TemplateInput): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(templates)
      .set({ ...columnsOf(input), updatedAt: new Date() })
      .where(and(eq(templates.id, id), ofCompany(ctx)))
      .returning({ id: templates.id });
    if (!row) return false;
    await writeChildren(tx, ctx, id, input);
    return true;
  });
}

/** DELETE templates/{id}: the template, its rows and its stored files; its name, or null when not the company's. */
export async function deleteTemplate(ctx: CallerContext, id: number): Promise<{ name: string } | null> {
  const deleted = await db.transaction(async (tx) => {
    const files = await tx
      .select({ key: templateAttachments.storageKey })
      .from(templateAttachments)
      .where(and(eq(templateAttachments.templateId, id), eq(templateAttachments.companyId, ctx.companyId)));
    const [row] = await tx
      .delete(templates)
      .where(and(eq(templates.id, id), ofCompany(ctx)))
      .returning({ name: templates.name });
    return row ? { name: row.name, keys: files.map((f) => f.key) } : null;
  });
  if (!deleted) return null;
  // Jobs and estimates started from it hold copies of these files.
  await Promise.all(deleted.keys.map((key) => deleteFile(key)));
  return { name: deleted.name };
}

// ---------------------------------------------------------------- files

/** Whether the template is the company's (the upload checks it before storing a file). */
async function canSeeTemplate(ctx: CallerContext, id: number) {
  const [row] = await db
    .select({ id: templates.id })
    .from(templates)
    .where(and(eq(templates.id, id), ofCompany(ctx)));
  return !!row;
}

/** Records an uploaded file on the template within the attachments' count limit; null when the template is gone. */
export async function addTemplateAttachment(ctx: CallerContext, templateId: number, file: RecordFile) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: templates.id })
      .from(templates)
      .where(and(eq(templates.id, templateId), ofCompany(ctx)))
      .for("update");
    if (!row) return null;
    return addRecordFile(tx, ctx, fileTable, templateId, file, (message) => {
      throw new TemplateRuleError(message, "files");
    });
  });
}

/** Removes a template's file by its URL; the storage key to delete, or null when there is no such file. */
export async function removeTemplateAttachment(ctx: CallerContext, templateId: number, fileUrl: string) {
  const removed = await removeRecordFile(db, ctx, fileTable, templateId, fileUrl);
  return removed?.key ?? null;
}

/** POST templates/attachment: one file per call (multipart: templateId and files), the jobs' upload rules. */
export function uploadTemplateFile(request: Request, ctx: CallerContext, id?: number) {
  return uploadRecordFile(request, {
    companyId: ctx.companyId,
    idField: "templateId",
    idRequired: "Template Id is required",
    folder: TEMPLATE_FILES_FOLDER,
    id,
    canSee: (templateId) => canSeeTemplate(ctx, templateId),
    record: (templateId, file) => addTemplateAttachment(ctx, templateId, file),
  });
}

// ---------------------------------------------------------------- starting a job or an estimate

/** The template of a new job or estimate form, as its "Start from a template" part shows it. */
export async function templateChoice(ctx: CallerContext, type: TemplateTypeValue, templateId: unknown) {
  const options = await listTemplateOptions(ctx, type);
  const id = Number(templateId);
  const chosen = options.find((o) => o.id === id) ?? null;
  const attachmentCount = chosen
    ? (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(templateAttachments)
          .where(eq(templateAttachments.templateId, chosen.id))
      )[0].n
    : 0;
  return {
    templates: options.map((o) => ({ value: o.id, label: o.name })),
    template: chosen && { id: chosen.id, name: chosen.name, attachmentCount },
  };
}

type StartedRecord = { jobId: number } | { estimateId: number };

/**
 * A new job or estimate started from a template (its `templateId`), inside its creating
 * transaction: the template must be the company's and of the record's type (else `Refusal` on
 * templateId); its files are copied to new storage keys when `withAttachments`, and its checklists
 * are assigned.
 */
export async function applyTemplate(
  tx: Executor,
  ctx: CallerContext,
  record: StartedRecord,
  templateId: number,
  withAttachments: boolean,
  Refusal: new (message: string, field?: string) => Error,
): Promise<void> {
  const type = "jobId" in record ? TemplateType.Job : TemplateType.Estimate;
  const [template] = await tx
    .select({ id: templates.id })
    .from(templates)
    .where(and(eq(templates.id, templateId), ofCompany(ctx), eq(templates.entityType, type)));
  if (!template) throw new Refusal(templateMessages.notFound, "templateId");
  if (withAttachments) {
    const files = await tx
      .select()
      .from(templateAttachments)
      .where(eq(templateAttachments.templateId, templateId))
      .orderBy(asc(templateAttachments.createdAt), asc(templateAttachments.id));
    for (const file of files) {
      const stored = await readStoredFile(file.storageKey);
      const extension = parseKey(file.storageKey)?.extension;
      if (!stored || !extension) continue;
      const copy = await saveFile({
        companyId: ctx.companyId,
        folder: "jobId" in record ? "jobs" : "estimates",
        extension,
        data: stored.data,
      });
      const columns = {
        companyId: ctx.companyId,
        storageKey: copy.key,
        fileUrl: copy.url,
        fileName: file.fileName,
        contentType: file.contentType,
        sizeBytes: copy.size,
        uploadedByUserId: ctx.userId,
      };
      if ("jobId" in record) await tx.insert(jobAttachments).values({ ...columns, jobId: record.jobId });
      else await tx.insert(estimateAttachments).values({ ...columns, estimateId: record.estimateId });
    }
  }
  const checklists = await tx
    .select({ id: templateChecklists.companyChecklistId })
    .from(templateChecklists)
    .where(eq(templateChecklists.templateId, templateId));
  if (checklists.length)
    await assignChecklists(
      tx,
      { companyId: ctx.companyId, ...record },
      checklists.map((c) => c.id),
      // A recurring job's visits made so far, and its series for the visits made later.
      { includeRecurrent: true },
    );
}

/** A template as the API answers it: {id, entityType, name, data, attachments}, money in dollars and tax in percent. */
export function templateJson(t: TemplateDetails) {
  return {
    id: t.id,
    entityType: t.entityType,
    name: t.name,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    data: {
      description: t.description,
      message: t.message,
      privateNotes: t.privateNotes,
      taxRate: t.taxRate / 100,
      discount: t.discountCents / 100,
      lineItems: t.lineItems.map((l) => ({
        ...lineItemJson(l),
        publicImageUrl: l.imageUrl ? absoluteUrl(l.imageUrl) : null,
        amount: l.amountCents / 100,
      })),
      tags: t.tags,
      companyCheckListIds: t.checklists.map((c) => c.id),
    },
    attachments: t.attachments,
  };
}
