import { and, eq } from "drizzle-orm";
import { db } from "~/db.server";
import { assignedChecklists, type FormAnswer, type FormItemDefinition } from "~/db/schema";
import type { ChecklistRecord } from "~/models/checklists/assigned-checklists.server";
import {
  checklistHeader,
  itemView,
  publicChecklistPath,
  type ChecklistEntity,
  type ChecklistHeader,
} from "~/models/checklists/checklist-documents.server";
import { readStoredFile } from "~/services/storage.server";

// The customer's side of a checklist, reached without an account by
// {companyId}/{recordId}/{token} (docs/decisions/064): every segment must match, or it is not found.

/** The path segments as they came; anything malformed is simply not found. */
export type PublicChecklistSegments = {
  companyId?: string;
  entityType?: string;
  recordId?: string;
  token?: string;
};

const ID = /^[1-9]\d{0,9}$/;
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

export type PublicChecklist = ChecklistHeader & {
  id: number;
  companyId: number;
  entity: ChecklistEntity;
  recordId: number;
  /** The job or estimate, as the records model names it. */
  ref: ChecklistRecord;
  token: string;
  name: string;
  items: FormItemDefinition[];
  answers: Record<string, FormAnswer>;
  completedAt: Date | null;
};

/** The checklist of the token when its company, record kind and record id all match the path; else null. */
export async function findPublicChecklist(segments: PublicChecklistSegments): Promise<PublicChecklist | null> {
  const { companyId: c, entityType, recordId: r, token } = segments;
  if (!c || !r || !token || !ID.test(c) || !ID.test(r) || !TOKEN.test(token)) return null;
  if (entityType !== "job" && entityType !== "estimate") return null;
  const companyId = Number(c);
  const recordId = Number(r);
  const ref: ChecklistRecord = entityType === "job" ? { jobId: recordId } : { estimateId: recordId };
  const [row] = await db
    .select({
      id: assignedChecklists.id,
      name: assignedChecklists.name,
      items: assignedChecklists.items,
      answers: assignedChecklists.answers,
      completedAt: assignedChecklists.completedAt,
    })
    .from(assignedChecklists)
    .where(
      and(
        eq(assignedChecklists.publicToken, token),
        eq(assignedChecklists.companyId, companyId),
        entityType === "job" ? eq(assignedChecklists.jobId, recordId) : eq(assignedChecklists.estimateId, recordId),
      ),
    );
  if (!row) return null;
  const header = await checklistHeader(companyId, ref);
  if (!header) return null;
  return { ...header, ...row, companyId, entity: entityType, recordId, ref, token };
}

/** Where the public side serves an answer's file: by item and position, never by its storage key. */
export const publicFileUrl = (checklist: PublicChecklist, itemKey: string, index: number) =>
  `/api${publicChecklistPath(checklist.entity, checklist.companyId, checklist.recordId, checklist.token)}/files/${itemKey}/${index}`;

/**
 * The checklist as the customer reads it (public page, GET .../public-checklist/...): the company,
 * the record's title and address, each item's label and answer, files by their public URL. No
 * storage key, no internal id, no one who answered.
 */
export function publicChecklistView(checklist: PublicChecklist) {
  const { company, record } = checklist;
  return {
    company: {
      businessName: company.businessName,
      email: company.email,
      phone: company.phone,
      logoUrl: company.logoUrl,
    },
    title: record.title,
    customerName: record.customerName,
    address: record.address,
    name: checklist.name,
    completed: checklist.completedAt !== null,
    completedAt: checklist.completedAt?.toISOString() ?? null,
    items: checklist.items.map((item) => {
      const view = itemView(item, checklist.answers[item.key]);
      return {
        ...view,
        value: checklist.answers[item.key]?.value ?? null,
        files: view.files.map((f, i) => ({ fileName: f.fileName, url: publicFileUrl(checklist, item.key, i) })),
      };
    }),
  };
}
export type PublicChecklistView = ReturnType<typeof publicChecklistView>;

/** An answer's stored file by item key and position, for the public file URL; null when there is none. */
export async function publicChecklistFile(checklist: PublicChecklist, itemKey: string, index: string) {
  if (!/^\d{1,2}$/.test(index) || !Object.hasOwn(checklist.answers, itemKey)) return null;
  const file = checklist.answers[itemKey]?.files?.[Number(index)];
  return file ? readStoredFile(file.storageKey) : null;
}

/** A checklist's file for its customer: shown inline, never kept by a cache (the server adds nosniff to every answer). */
export function publicFileResponse(file: { data: Buffer; contentType: string }): Response {
  return new Response(new Uint8Array(file.data), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.data.length),
      "Content-Disposition": "inline",
      "Cache-Control": "private, no-store",
    },
  });
}
