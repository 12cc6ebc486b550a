import { json } from "@remix-run/node";
import { randomUUID } from "node:crypto";
import { canOpen, notFound, type Access } from "~/access/access.server";
import { db } from "~/db.server";
import { parseNested } from "~/http/request-data.server";
import {
  assignChecklists,
  recordChecklists,
  removeChecklist,
  type ChecklistRecord,
} from "~/models/checklists/assigned-checklists.server";
import { checklistMessages, formIds } from "~/models/checklists/assigned-checklists.schema";
import {
  checklistSendQuerySchema,
  entityOf,
  publicChecklistPath,
  recordIdOf,
  sendChecklists,
} from "~/models/checklists/checklist-documents.server";
import { companyFormOptions } from "~/models/checklists/forms.server";
import { RuleError } from "~/models/rules";
import { toasts } from "~/sessions.server";
import { checkbox, fieldErrors } from "~/utils/validation";
import { z } from "zod";

/** A checklist path of the record: the plan feature and the role of filling one in decide what the page shows. */
export const checklistPath = (record: ChecklistRecord, checklistId: number | string = "new") =>
  `/${entityOf(record)}s/${recordIdOf(record)}/checklist/${checklistId}`;

/**
 * The details page's Checklists section: the record's checklists with their state and links,
 * and the company's forms to assign; null when the company's plan has no forms and checklists.
 */
export async function checklistsSection(access: Access, record: ChecklistRecord) {
  if (!canOpen(access, checklistPath(record))) return null;
  const { companyId } = access.ctx;
  const [checklists, forms] = await Promise.all([recordChecklists(companyId, record), companyFormOptions(companyId)]);
  return {
    checklists: checklists.map((c) => ({
      id: c.id,
      companyChecklistId: c.companyChecklistId,
      name: c.name,
      completed: c.completedAt !== null,
      answeredBy: c.answeredByCustomer ? "Customer" : c.answeredByName,
      publicPath: publicChecklistPath(entityOf(record), companyId, recordIdOf(record), c.publicToken),
    })),
    forms,
    sendToken: randomUUID(),
    canCreateForms: canOpen(access, "/forms/new"),
  };
}
export type ChecklistsSection = NonNullable<Awaited<ReturnType<typeof checklistsSection>>>;

const assignFormSchema = z.object({ companyCheckListIds: formIds, includeRecurrent: checkbox() });
const removeFormSchema = z.object({
  checklistId: z.coerce.number().int().positive(),
  scope: z.enum(["this", "following"]).default("this"),
});

/**
 * The Checklists section's forms (posted to the details page with `?checklists`): assign forms,
 * remove one (on a series visit: this one only or this and the following), email the links.
 * A refused form answers 422 with its field errors; a foreign record or form is a 404.
 */
export async function checklistsAction(request: Request, access: Access, record: ChecklistRecord): Promise<Response> {
  if (!canOpen(access, checklistPath(record))) notFound();
  const form = parseNested(await request.formData());
  const { companyId } = access.ctx;
  const back = `/${entityOf(record)}s/${recordIdOf(record)}`;
  const refused = (errors: Record<string, string>) => json({ errors }, { status: 422 });
  switch (form.intent) {
    case "assignChecklists": {
      const input = assignFormSchema.safeParse(form);
      if (!input.success) return refused({ companyCheckListIds: checklistMessages.chooseForm });
      const { companyCheckListIds: ids, includeRecurrent } = input.data;
      await db.transaction((tx) => assignChecklists(tx, { companyId, ...record }, ids, { includeRecurrent }));
      return toasts().redirectWithSuccess(
        back,
        ids.length === 1 ? "Checklist was assigned" : "Checklists were assigned",
      );
    }
    case "removeChecklist": {
      const input = removeFormSchema.safeParse(form);
      if (!input.success) notFound();
      const removed = await removeChecklist(
        { companyId, ...record },
        { checklistId: input.data.checklistId },
        { includeRecurrent: input.data.scope === "following" },
      );
      return removed ? toasts().redirectWithSuccess(back, "Checklist was removed") : notFound();
    }
    case "sendChecklists": {
      const input = checklistSendQuerySchema.safeParse(form);
      if (!input.success)
        return refused({ checklistsEmail: fieldErrors(input.error).email ?? "Incorrect email format" });
      try {
        const sent = await sendChecklists(access.ctx, record, input.data);
        return sent ? toasts().redirectWithSuccess(back, `Checklists were sent to ${sent.email}`) : notFound();
      } catch (error) {
        if (!(error instanceof RuleError)) throw error;
        const { email, _global } = error.fieldErrors;
        return refused({ checklistsEmail: email ?? _global ?? error.message });
      }
    }
    default:
      return json({ errors: { _global: "Unknown action" } }, { status: 400 });
  }
}
