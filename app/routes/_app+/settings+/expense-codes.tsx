import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { TextareaField, TextField } from "~/components/form";
import { recordForm, RecordDialogs, RecordSettingsHeader, RecordTable } from "~/components/settings-records";
import { requireAccess, type CallerContext } from "~/access/access.server";
import {
  recordDialogs,
  recordMessages,
  recordSettingsAction,
  type RecordKind,
} from "~/routes/_app+/settings+/__record-settings.server";
import type { z } from "zod";
import { expenseCodeSchema } from "~/models/company/company.schema";
import {
  deleteExpenseCode,
  getExpenseCode,
  listExpenseCodes,
  saveExpenseCode,
  type ExpenseCodeRow,
} from "~/models/company/company.server";
import settingsStyles from "~/styles/settings.css";
import { screens } from "~/access/route-table";
import { countExpensesForCode } from "~/models/expenses/expenses.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: settingsStyles }];

const LIST_URL = "/settings/expense-codes";
const form = recordForm("expense-code", withZod(expenseCodeSchema), { noun: "Expense Code" });

const expenseCodeRecords = (ctx: CallerContext): RecordKind<z.infer<typeof expenseCodeSchema>, ExpenseCodeRow> => ({
  form,
  get: (id) => getExpenseCode(ctx, id),
  save: (input, id) => saveExpenseCode(ctx, { ...input, id: id ?? undefined }),
  remove: (id) => deleteExpenseCode(ctx, id),
  messages: recordMessages("Expense code"),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.settings.expenseCodes);
  const dialogs = await recordDialogs(request, expenseCodeRecords(ctx));
  // Deleting a code in use is said before it happens: its expenses stay, without a code.
  const usedBy = dialogs.deleting ? ((await countExpensesForCode(ctx, dialogs.deleting.id)) ?? 0) : 0;
  return json({ expenseCodes: await listExpenseCodes(ctx), ...dialogs, usedBy });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.settings.expenseCodes);
  return recordSettingsAction(request, LIST_URL, [expenseCodeRecords(ctx)]);
}

export default function ExpenseCodesRoute() {
  const { expenseCodes, editing, deleting, usedBy } = useLoaderData<typeof loader>();
  return (
    <>
      <RecordSettingsHeader title="Expense Codes" form={form} listUrl={LIST_URL} />
      <p className="muted">Codes that sort your expenses (fuel, materials, permits) for reports and your accountant.</p>
      <RecordTable
        form={form}
        listUrl={LIST_URL}
        caption="Expense codes"
        columns={[
          { title: "Name", render: (c) => c.name },
          { title: "Description", render: (c) => c.description ?? "" },
        ]}
        rows={expenseCodes}
        name={(c) => c.name}
      />
      <RecordDialogs
        form={form}
        listUrl={LIST_URL}
        editing={editing}
        deleting={deleting}
        values={(c) => ({ name: c.name, description: c.description ?? "" })}
        fields={
          <>
            <TextField name="name" label="Name" maxLength={100} autoComplete="off" />
            <TextareaField name="description" label="Description" maxLength={500} rows={3} />
          </>
        }
        deleteText={(c) => (
          <>
            {usedBy > 0 ? <ExpenseCodeUse count={usedBy} /> : null}
            The expense code &apos;{c.name}&apos; will be completely deleted.
          </>
        )}
      />
    </>
  );
}

function ExpenseCodeUse({ count }: { count: number }) {
  return (
    <p className="alert alert-warning">
      This code is used by {count === 1 ? "1 expense" : `${count} expenses`}. Deleting it keeps the expenses, without a
      code.
    </p>
  );
}

export const meta: MetaFunction = () => [{ title: "Expense Codes | Settings | Fieldwise" }];
