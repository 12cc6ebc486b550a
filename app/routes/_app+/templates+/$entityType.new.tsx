import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { notFound, requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { PageHeader } from "~/components/page-header";
import { TemplateForm } from "~/components/template-form";
import type { DocumentFormAnswer } from "~/routes/_app+/__document-form-values.server";
import type { JobFormValues } from "~/routes/_app+/jobs+/__job-form.server";
import { templateFormAction, templateFormOptions } from "~/routes/_app+/templates+/__template-form.server";
import { templateMessages, templateTypeLabels, typeOfSlug } from "~/models/templates/templates.schema";
import { createTemplate } from "~/models/templates/templates.server";
import { toasts } from "~/sessions.server";

const typeOf = (slug: string | undefined) => typeOfSlug(slug) ?? notFound();

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.templates.new);
  const type = typeOf(params.entityType);
  return json({ ...(await templateFormOptions(ctx, type)), noun: templateTypeLabels[type] });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.templates.new);
  const type = typeOf(params.entityType);
  return templateFormAction(ctx, request, type, async (input) => {
    const { id } = await createTemplate(ctx, input);
    return toasts().redirectWithSuccess(`/templates/${id}`, templateMessages.created);
  });
}

/** A new job or estimate template (/templates/job/new, /templates/estimate/new); files are added once it is saved. */
export default function NewTemplateRoute() {
  const data = useLoaderData<typeof loader>();
  const posted = useActionData<DocumentFormAnswer<JobFormValues>>();
  const slug = data.noun.toLowerCase();
  return (
    <>
      <PageHeader title={`New ${slug} template`} breadcrumb={{ label: "Templates", to: `/templates?type=${slug}` }} />
      <TemplateForm {...data} posted={posted} submitLabel="Create Template" cancelTo={`/templates?type=${slug}`} />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "New Template | Fieldwise" }];
