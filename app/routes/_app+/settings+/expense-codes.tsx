import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { TextareaField, TextField } from "~/components/form";
import { PageHeader } from "~/components/page-header";
import { RecordFormModal, RecordTable } from "~/components/settings-records";
import { notFound, requireAccess } from "~/access/access.server";
import {
  deleteOrRefuse,
  openedRecord,
  recordId,
  requireRecord,
  saveWithRuleErrors,
} from "~/routes/_app+/__company-forms.server";
import { expenseCodeSchema } from "~/models/company/company.schema";
import { deleteExpenseCode, getExpenseCode, listExpenseCodes, saveExpenseCode } from "~/models/company/company.server";
import { toasts } from "~/sessions.server";
import settingsStyles from "~/styles/settings.css";
import { unknownIntent, validateForm } from "~/http/forms.server";
import { screens } from "~/access/route-table";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: settingsStyles }];

const LIST_URL = "/settings/expense-codes";
const FORM_ID = "expense-code";
const validator = withZod(expenseCodeSchema);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.settings.expenseCodes);
  const search = new URL(request.url).searchParams;
  const editing = await openedRecord(search.get("edit"), (id) => getExpenseCode(ctx, id));
  const deleting =
    search.get("confirm") === "delete" ? await requireRecord(search.get("id"), (id) => getExpenseCode(ctx, id)) : null;
  return json({ expenseCodes: await listExpenseCodes(ctx), editing, deleting });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.settings.expenseCodes);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "save") {
    const input = await validateForm(formData, validator, FORM_ID);
    const id = recordId(formData.get("id")) ?? undefined;
    const saved = await saveWithRuleErrors(formData, FORM_ID, () => saveExpenseCode(ctx, { ...input, id }));
    if (!saved) notFound();
    return toasts().redirectWithSuccess(
      LIST_URL,
      id ? "Expense code was saved successfully!" : "Expense code was created successfully!",
    );
  }
  if (intent === "delete") {
    const id = recordId(formData.get("id"));
    return (
      (await deleteOrRefuse(LIST_URL, () => deleteExpenseCode(ctx, id ?? 0), "Expense code was deleted")) ?? notFound()
    );
  }
  return unknownIntent();
}

export default function ExpenseCodesRoute() {
  const { expenseCodes, editing, deleting } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader
        title="Expense Codes"
        breadcrumb={{ label: "Settings", to: "/settings" }}
        actions={
          <Link className="button button-primary" to="?edit=new" preventScrollReset>
            Add Expense Code
          </Link>
        }
      />
      <p className="muted">Codes that sort your expenses (fuel, materials, permits) for reports and your accountant.</p>
      <RecordTable
        caption="Expense codes"
        columns={[
          { title: "Name", render: (c) => c.name },
          { title: "Description", render: (c) => c.description ?? "" },
        ]}
        rows={expenseCodes}
        name={(c) => c.name}
        editTo={(c) => `?edit=${c.id}`}
        deleteTo={(c) => `?confirm=delete&id=${c.id}`}
      />
      {editing ? (
        <RecordFormModal
          title={editing === "new" ? "Add Expense Code" : "Edit Expense Code"}
          formId={FORM_ID}
          validator={validator}
          defaultValues={editing === "new" ? {} : { name: editing.name, description: editing.description ?? "" }}
          closeTo={LIST_URL}
          intent="save"
          id={editing === "new" ? null : editing.id}
        >
          <TextField name="name" label="Name" maxLength={100} autoComplete="off" />
          <TextareaField name="description" label="Description" maxLength={500} rows={3} />
        </RecordFormModal>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title="Delete Expense Code"
          intent="delete"
          confirmLabel="Delete"
          cancelTo={LIST_URL}
          hidden={{ id: deleting.id }}
        >
          The expense code &apos;{deleting.name}&apos; will be completely deleted.
        </ConfirmDialog>
      ) : null}
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Expense Codes | Settings | Fieldwise" }];
