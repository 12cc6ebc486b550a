import { and, asc, eq, gte } from "drizzle-orm";
import { db } from "~/db.server";
import { customers, expenseCodes, jobs } from "~/db/schema";
import type { CallerContext } from "~/access/access.server";
import { FormItemType, formDefinitionSchema } from "~/models/checklists/checklist-items";
import { createForm } from "~/models/checklists/forms.server";
import { assignChecklists } from "~/models/checklists/assigned-checklists.server";
import { templateSchema } from "~/models/templates/templates.schema";
import { createTemplate } from "~/models/templates/templates.server";
import { expenseSchema, RelatedType } from "~/models/expenses/expenses.schema";
import { createExpense } from "~/models/expenses/expenses.server";

const DAY_MS = 24 * 60 * 60 * 1000;
const day = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The demo company's forms, templates and expenses (issue #19), through their models: a furnace
 * safety inspection with every item type, assigned to the next upcoming visit; a job and an
 * estimate template; three expense codes and a few expenses of the last weeks.
 */
export async function seedFormsTemplatesExpenses(admin: CallerContext, now = new Date()): Promise<void> {
  const T = FormItemType;
  const inspection = await createForm(
    admin,
    formDefinitionSchema.parse({
      name: "Furnace safety inspection",
      description: "Fill in on every heating visit.",
      items: [
        { type: T.Checkbox, label: "Filter replaced", required: true },
        { type: T.Text, label: "Furnace model", required: false },
        { type: T.Condition, label: "Heat exchanger condition", required: true },
        { type: T.YesNo, label: "Carbon monoxide detected", required: true },
        { type: T.Flag, label: "Needs a follow-up visit", required: false },
        { type: T.MultipleChoice, label: "Fuel", required: true, options: ["Natural gas", "Propane", "Oil"] },
        { type: T.Images, label: "Photos of the unit", required: false },
        { type: T.Textarea, label: "Notes for the customer", required: false },
        { type: T.Signature, label: "Customer signature", required: false },
      ],
    }),
  );
  const survey = await createForm(
    admin,
    formDefinitionSchema.parse({
      name: "Customer satisfaction",
      items: [
        { type: T.Condition, label: "How was our service?", required: true },
        { type: T.YesNo, label: "Would you recommend us?", required: true },
        { type: T.Textarea, label: "Anything we could do better?", required: false },
      ],
    }),
  );
  const [nextVisit] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.companyId, admin.companyId), gte(jobs.startTime, now)))
    .orderBy(asc(jobs.startTime), asc(jobs.id))
    .limit(1);
  if (nextVisit)
    await db.transaction((tx) =>
      assignChecklists(tx, { companyId: admin.companyId, jobId: nextVisit.id }, [inspection, survey]),
    );

  await createTemplate(
    admin,
    templateSchema.parse({
      entityType: "job",
      name: "Furnace tune-up",
      description: "Yearly furnace tune-up",
      message: "Thank you for your business!",
      lineItems: [
        { kind: 1, name: "Furnace tune-up", unitPrice: "129.00", isTaxable: "on" },
        { kind: 0, name: "Air filter 16x25x1", quantity: "2", unitPrice: "12.50", isTaxable: "on" },
      ],
      taxRate: "8.25",
      companyCheckListIds: [inspection],
    }),
  );
  await createTemplate(
    admin,
    templateSchema.parse({
      entityType: "estimate",
      name: "AC replacement",
      description: "Replace the outdoor AC unit",
      lineItems: [
        { kind: 0, name: "3-ton AC condenser", unitPrice: "3200.00", isTaxable: "on" },
        { kind: 1, name: "Installation", unitPrice: "1100.00" },
      ],
    }),
  );

  const codes = await db
    .insert(expenseCodes)
    .values([
      { companyId: admin.companyId, name: "Fuel", description: "Gas for the vans" },
      { companyId: admin.companyId, name: "Materials", description: "Parts bought for a job" },
      { companyId: admin.companyId, name: "Tools", description: "Tools and equipment" },
    ])
    .returning({ id: expenseCodes.id, name: expenseCodes.name });
  const code = (name: string) => codes.find((c) => c.name === name)?.id;
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.companyId, admin.companyId))
    .orderBy(asc(customers.id))
    .limit(1);
  const expenses = [
    { daysAgo: 1, amount: "64.20", code: "Fuel", description: "Van 2 fill-up" },
    {
      daysAgo: 3,
      amount: "189.99",
      code: "Materials",
      description: "Thermostat for the Miller job",
      job: nextVisit?.id,
    },
    { daysAgo: 8, amount: "349.00", code: "Tools", description: "Refrigerant recovery hoses" },
    { daysAgo: 15, amount: "58.75", code: "Fuel", description: "Van 1 fill-up" },
    { daysAgo: 20, amount: "42.10", code: "Materials", description: "Copper fittings", customer: customer?.id },
  ];
  for (const e of expenses) {
    const related = e.job
      ? { relatedEntityType: RelatedType.Job, relatedEntityId: e.job }
      : e.customer
        ? { relatedEntityType: RelatedType.Customer, relatedEntityId: e.customer }
        : {};
    await createExpense(
      admin,
      expenseSchema.parse({
        date: day(new Date(now.getTime() - e.daysAgo * DAY_MS)),
        amount: e.amount,
        expenseCodeId: code(e.code),
        description: e.description,
        employeeId: admin.userId,
        ...related,
      }),
    );
  }
}
