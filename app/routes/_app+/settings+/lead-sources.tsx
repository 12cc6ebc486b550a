import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { TextField } from "~/components/form";
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
import {
  createLeadSource,
  deleteLeadSource,
  getLeadSource,
  listLeadSources,
  renameLeadSource,
} from "~/models/company/lead-sources.server";
import { createLeadSourceSchema, LEAD_SOURCE_NAME_MAX } from "~/models/company/tags.schema";
import { toasts } from "~/sessions.server";
import settingsStyles from "~/styles/settings.css";
import { unknownIntent, validateForm } from "~/http/forms.server";
import { screens } from "~/access/route-table";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: settingsStyles }];

const LIST_URL = "/settings/lead-sources";
const FORM_ID = "lead-source";
const validator = withZod(createLeadSourceSchema);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.settings.leadSources);
  const search = new URL(request.url).searchParams;
  const editing = await openedRecord(search.get("edit"), (id) => getLeadSource(ctx, id));
  const deleting =
    search.get("confirm") === "delete" ? await requireRecord(search.get("id"), (id) => getLeadSource(ctx, id)) : null;
  return json({ leadSources: await listLeadSources(ctx), editing, deleting });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.settings.leadSources);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "save") {
    const input = await validateForm(formData, validator, FORM_ID);
    const id = recordId(formData.get("id"));
    const saved = await saveWithRuleErrors(formData, FORM_ID, () =>
      id ? renameLeadSource(ctx, { id, name: input.name }) : createLeadSource(ctx, input),
    );
    if (!saved) notFound();
    return toasts().redirectWithSuccess(
      LIST_URL,
      id ? "Lead source was saved successfully!" : "Lead source was created successfully!",
    );
  }
  if (intent === "delete") {
    const id = recordId(formData.get("id"));
    return (
      (await deleteOrRefuse(LIST_URL, () => deleteLeadSource(ctx, id ?? 0), "Lead source was deleted")) ?? notFound()
    );
  }
  return unknownIntent();
}

export default function LeadSourcesRoute() {
  const { leadSources, editing, deleting } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader
        title="Lead Sources"
        breadcrumb={{ label: "Settings", to: "/settings" }}
        actions={
          <Link className="button button-primary" to="?edit=new" preventScrollReset>
            Add Lead Source
          </Link>
        }
      />
      <p className="muted">
        Where your customers heard of you. Pick them on the customer form; removing one leaves the customers as they
        are.
      </p>
      <RecordTable
        caption="Lead sources"
        columns={[{ title: "Name", render: (s) => s.name }]}
        rows={leadSources}
        name={(s) => s.name}
        editLabel="Rename"
        editTo={(s) => `?edit=${s.id}`}
        deleteTo={(s) => `?confirm=delete&id=${s.id}`}
      />
      {editing ? (
        <RecordFormModal
          title={editing === "new" ? "Add Lead Source" : "Rename Lead Source"}
          formId={FORM_ID}
          validator={validator}
          defaultValues={editing === "new" ? {} : { name: editing.name }}
          closeTo={LIST_URL}
          intent="save"
          id={editing === "new" ? null : editing.id}
        >
          <TextField name="name" label="Name" maxLength={LEAD_SOURCE_NAME_MAX} autoComplete="off" />
        </RecordFormModal>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title="Delete Lead Source"
          intent="delete"
          confirmLabel="Delete"
          cancelTo={LIST_URL}
          hidden={{ id: deleting.id }}
        >
          The lead source &apos;{deleting.name}&apos; will be deleted. Customers who named it keep their other details.
        </ConfirmDialog>
      ) : null}
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Lead Sources | Settings | Fieldwise" }];
