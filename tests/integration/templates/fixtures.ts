import { db } from "~/db.server";
import { companyChecklists, tags } from "~/db/schema";
import { TagType } from "~/models/company/tags.schema";
import { PNG } from "../../helpers/tiny-png";
import { jobsFixture } from "../jobs/fixtures";

/** The jobs' fixture with a job tag, an estimate tag and two of the company's forms. */
export async function templatesFixture() {
  const f = await jobsFixture();
  const [jobTag, estimateTag] = await db
    .insert(tags)
    .values([
      { companyId: f.companyId, type: TagType.Job, name: "Urgent" },
      { companyId: f.companyId, type: TagType.Estimate, name: "Big" },
    ])
    .returning({ id: tags.id });
  const forms = await db
    .insert(companyChecklists)
    .values([
      { companyId: f.companyId, name: "Safety", items: [{ key: "a", type: 0, label: "Gas off", required: true }] },
      { companyId: f.companyId, name: "Arrival", items: [{ key: "b", type: 1, label: "Notes", required: false }] },
    ])
    .returning({ id: companyChecklists.id });
  return { ...f, jobTagId: jobTag.id, estimateTagId: estimateTag.id, formIds: forms.map((r) => r.id) };
}
export type TemplatesFixture = Awaited<ReturnType<typeof templatesFixture>>;

/** The multipart form of a template file upload: templateId and the PNG as `name`. */
export function templateUploadForm(templateId: number, name: string, bytes: Uint8Array = PNG) {
  const form = new FormData();
  form.set("templateId", String(templateId));
  form.set("files", new File([new Uint8Array(bytes)], name, { type: "image/png" }));
  return form;
}

/** The API body of a job template with two lines, its tag and the first form. */
export const jobTemplateBody = (f: TemplatesFixture, name = "Furnace tune-up") => ({
  entityType: 0,
  name,
  data: {
    description: "Annual furnace check",
    message: "Thanks for choosing us",
    privateNotes: "Bring filters",
    taxRate: 8.25,
    discount: 10,
    lineItems: [
      { name: "Tune-up", unitPrice: 120, quantity: 1, isTaxable: true, kind: 1 },
      { name: "Filter", unitPrice: 15.5, quantity: 2, cost: 6, kind: 0 },
    ],
    tags: [f.jobTagId, f.estimateTagId],
    companyCheckListIds: [f.formIds[0]],
  },
});
