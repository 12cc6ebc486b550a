import { eq } from "drizzle-orm";
import { db } from "~/db.server";
import { assignedChecklists, customers } from "~/db/schema";
import {
  assignChecklists,
  recordChecklists,
  saveChecklistAnswers,
  storeChecklistFiles,
} from "~/models/checklists/assigned-checklists.server";
import { formDefinitionSchema } from "~/models/checklists/checklist-items";
import { createForm } from "~/models/checklists/forms.server";
import { estimateCreateSchema } from "~/models/estimates/estimates.schema";
import { createEstimate } from "~/models/estimates/estimates.server";
import { jobCreateSchema } from "~/models/jobs/jobs.schema";
import { createJob } from "~/models/jobs/jobs.server";
import { solidImage } from "../../helpers/solid-image";
import { jobsFixture } from "../jobs/fixtures";

/** One item of each of the nine types, in the spec's order. */
export const ALL_TYPES_FORM = {
  name: "Safety inspection",
  items: [
    { key: "chk", type: 0, label: "Gas valve closed", required: true },
    { key: "txt", type: 1, label: "Meter reading", required: true },
    { key: "img", type: 2, label: "Photos of the unit", required: false },
    { key: "flg", type: 3, label: "Needs follow-up", required: false },
    { key: "cnd", type: 4, label: "Filter condition", required: true },
    { key: "sig", type: 5, label: "Customer signature", required: true },
    { key: "yno", type: 6, label: "Customer present", required: true },
    { key: "lng", type: 7, label: "Technician notes", required: false },
    { key: "mch", type: 8, label: "Next visit", required: true, options: ["In 3 months", "In 6 months"] },
  ],
};

/**
 * A company (the jobs fixture) whose customer has an email, a job and an estimate at the customer's
 * address, the all-types form assigned to both, and a second plain form on the job.
 */
export async function checklistsFixture() {
  const f = await jobsFixture();
  await db.update(customers).set({ email: "grace@example.com" }).where(eq(customers.id, f.customerId));
  const formId = await createForm(f.admin, formDefinitionSchema.parse(ALL_TYPES_FORM));
  const otherFormId = await createForm(
    f.admin,
    formDefinitionSchema.parse({ name: "Site clean-up", items: [{ type: 0, label: "Floor swept", required: true }] }),
  );
  const job = await createJob(
    f.admin,
    jobCreateSchema.parse({ customerId: f.customerId, name: "Furnace service", location: "1 Main St, Springfield" }),
  );
  const estimate = await createEstimate(
    f.admin,
    estimateCreateSchema.parse({ customerId: f.customerId, name: "New boiler", location: "1 Main St, Springfield" }),
  );
  await db.transaction(async (tx) => {
    await assignChecklists(tx, { companyId: f.companyId, jobId: job.id }, [formId, otherFormId]);
    await assignChecklists(tx, { companyId: f.companyId, estimateId: estimate.id }, [formId]);
  });
  const [jobChecklist, jobOther] = await recordChecklists(f.companyId, { jobId: job.id });
  const [estimateChecklist] = await recordChecklists(f.companyId, { estimateId: estimate.id });
  return { ...f, formId, jobId: job.id, estimateId: estimate.id, jobChecklist, jobOther, estimateChecklist };
}
export type ChecklistsFixture = Awaited<ReturnType<typeof checklistsFixture>>;

/** Every item answered, with two photos and a typed signature, as an employee saves them. */
export async function fillAllTypes(companyId: number, checklistId: number, userId: number) {
  const photo = async (colour: string) =>
    new File([new Uint8Array(await solidImage(64, 48, "png", colour))], "unit.png", { type: "image/png" });
  const files = await storeChecklistFiles(
    companyId,
    [
      { key: "img", file: await photo("#2E3758") },
      { key: "img", file: await photo("#3AC09D") },
    ],
    [{ key: "sig", name: "Grace Hopper" }],
  );
  await saveChecklistAnswers({
    companyId,
    checklistId,
    by: { userId },
    answers: {
      chk: { value: true },
      txt: { value: "04512 m3" },
      img: { files: files.img },
      flg: { value: false },
      cnd: { value: "fair" },
      sig: { files: files.sig },
      yno: { value: "yes" },
      lng: { value: "Replaced the filter.\nCustomer asked about a humidifier." },
      mch: { value: "In 6 months" },
    },
  });
  const [row] = await db
    .select({ answers: assignedChecklists.answers })
    .from(assignedChecklists)
    .where(eq(assignedChecklists.id, checklistId));
  return row.answers;
}
