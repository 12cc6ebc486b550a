import {
  json,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { notFound, pathRecordId, requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { FormBuilder, formValues, type BuilderValues } from "~/components/form-builder";
import { PageHeader } from "~/components/page-header";
import { deleteOrRefuse } from "~/http/forms.server";
import { deleteForm, formExists, getForm, updateForm } from "~/models/checklists/forms.server";
import { formBuilderAction } from "~/routes/_app+/forms+/__form-builder.server";
import { toasts } from "~/sessions.server";
import formStyles from "~/styles/forms.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: formStyles }];

const LIST = "/forms";

type ActionData = { values: BuilderValues; errors: Record<string, string>; revision: string };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.forms.details);
  const form = (await getForm(ctx, pathRecordId(params.id))) ?? notFound();
  return json({
    form: { id: form.id, name: form.name },
    values: formValues(form),
    confirmDelete: new URL(request.url).searchParams.has("delete"),
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.forms.details);
  const id = pathRecordId(params.id);
  // Another company's form answers 404 before its post is read.
  if (!(await formExists(ctx, id))) notFound();
  return formBuilderAction(await request.formData(), {
    save: async (input) => {
      if (!(await updateForm(ctx, id, input))) notFound();
      return toasts().redirectWithSuccess(LIST, "Form updated");
    },
    remove: () => deleteOrRefuse(LIST, () => deleteForm(ctx, id), "Form deleted"),
  });
}

/** A form or checklist: edit its items, or delete it (checklists already on jobs and estimates keep their copy). */
export default function FormRoute() {
  const { form, values, confirmDelete } = useLoaderData<typeof loader>();
  const posted = useActionData<ActionData>();
  const here = useLocation().pathname;
  return (
    <>
      <PageHeader
        title={form.name}
        breadcrumb={{ label: "Forms and checklists", to: LIST }}
        actions={
          <Link className="button button-danger" to="?delete" preventScrollReset>
            Delete
          </Link>
        }
      />
      <FormBuilder
        key={posted?.revision ?? form.id}
        values={posted?.values ?? values}
        errors={posted?.errors ?? {}}
        submitLabel="Save"
        cancelTo={LIST}
      />
      {confirmDelete ? (
        <ConfirmDialog title="Delete form" intent="delete" confirmLabel="Delete" cancelTo={here}>
          <p>
            {form.name} will be deleted. Checklists already on jobs and estimates keep their items and answers. This
            cannot be undone.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.form.name ?? "Form"} | Fieldwise` }];
