import {
  json,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { FormBuilder, NEW_FORM_VALUES, type BuilderValues } from "~/components/form-builder";
import { PageHeader } from "~/components/page-header";
import { createForm } from "~/models/checklists/forms.server";
import { formBuilderAction } from "~/routes/_app+/forms+/__form-builder.server";
import { toasts } from "~/sessions.server";
import formStyles from "~/styles/forms.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: formStyles }];

type ActionData = { values: BuilderValues; errors: Record<string, string>; revision: string };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccess({ request, context }, screens.forms.new);
  return json({});
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.forms.new);
  return formBuilderAction(await request.formData(), {
    save: async (input) => {
      await createForm(ctx, input);
      return toasts().redirectWithSuccess("/forms", "Form created");
    },
  });
}

/** A new form or checklist, built item by item. */
export default function NewFormRoute() {
  const posted = useActionData<ActionData>();
  return (
    <>
      <PageHeader title="New form" breadcrumb={{ label: "Forms and checklists", to: "/forms" }} />
      <FormBuilder
        key={posted?.revision ?? "new"}
        values={posted?.values ?? NEW_FORM_VALUES}
        errors={posted?.errors ?? {}}
        submitLabel="Create form"
        cancelTo="/forms"
      />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "New form | Fieldwise" }];
