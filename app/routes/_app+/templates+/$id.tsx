import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { notFound, pathRecordId, requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { PlainTextField } from "~/components/form";
import { PageHeader } from "~/components/page-header";
import { TemplateForm } from "~/components/template-form";
import { templateMessages, templateTypeLabels, templateTypeSlugs } from "~/models/templates/templates.schema";
import {
  deleteTemplate,
  getTemplate,
  removeTemplateAttachment,
  updateTemplate,
  uploadTemplateFile,
} from "~/models/templates/templates.server";
import type { DocumentFormAnswer } from "~/routes/_app+/__document-form-values.server";
import type { JobFormValues } from "~/routes/_app+/jobs+/__job-form.server";
import {
  templateFormAction,
  templateFormOptions,
  templateFormValues,
} from "~/routes/_app+/templates+/__template-form.server";
import { toasts } from "~/sessions.server";
import { deleteFile } from "~/services/storage.server";

const ACCEPT = ".jpeg,.jpg,.gif,.png,.mp4,.webm,.mov,.mkv,.odt,.ods,.doc,.docx,.pdf,.txt,.xlsx,.xls";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.templates.details);
  const template = (await getTemplate(ctx, pathRecordId(params.id))) ?? notFound();
  return json({
    ...(await templateFormOptions(ctx, template.entityType)),
    template: { id: template.id, name: template.name, entityType: template.entityType },
    attachments: template.attachments,
    loaded: templateFormValues(template),
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.templates.details);
  const template = (await getTemplate(ctx, pathRecordId(params.id))) ?? notFound();
  const back = `/templates/${template.id}`;
  if ((request.headers.get("Content-Type") ?? "").includes("multipart/form-data")) {
    const res = await uploadTemplateFile(request, ctx, template.id);
    if (res.status === 404) notFound();
    if (res.ok) return toasts().redirectWithSuccess(back, templateMessages.uploaded);
    const body = (await res.json()) as { errors?: Record<string, string>; message?: string };
    return json({ errors: { files: body.errors?.files ?? body.message ?? "Upload failed" } }, { status: 400 });
  }
  return templateFormAction(
    ctx,
    request,
    template.entityType,
    async (input) => {
      if (!(await updateTemplate(ctx, template.id, input))) notFound();
      return toasts().redirectWithSuccess(back, templateMessages.saved);
    },
    async (intent, values) => {
      if (intent === "delete") {
        await deleteTemplate(ctx, template.id);
        return toasts().redirectWithSuccess(
          `/templates?type=${templateTypeSlugs[template.entityType]}`,
          templateMessages.deleted(template.name),
        );
      }
      if (intent !== "deleteAttachment") return null;
      const key = await removeTemplateAttachment(ctx, template.id, String(values.fileUrl ?? ""));
      if (!key) notFound();
      await deleteFile(key);
      return toasts().redirectWithSuccess(back, templateMessages.fileDeleted);
    },
  );
}

/** A template: its form (save), its files (upload, delete) and Delete, which asks first (?delete=1). */
export default function TemplateRoute() {
  const data = useLoaderData<typeof loader>();
  const posted = useActionData<DocumentFormAnswer<JobFormValues> | { errors: { files: string } }>();
  const [search] = useSearchParams();
  const { template } = data;
  const noun = templateTypeLabels[template.entityType];
  const self = `/templates/${template.id}`;
  const list = `/templates?type=${templateTypeSlugs[template.entityType]}`;
  const formAnswer = posted && "values" in posted ? posted : undefined;
  return (
    <>
      <PageHeader
        title={template.name}
        breadcrumb={{ label: "Templates", to: list }}
        actions={
          <Link className="button button-danger" to={`${self}?delete=1`}>
            Delete Template
          </Link>
        }
      />
      {search.get("delete") === "1" ? (
        <ConfirmDialog title="Delete Template" intent="delete" confirmLabel="Delete" cancelTo={self} action={self}>
          The template &apos;{template.name}&apos; will be deleted. Jobs and estimates started from it keep their line
          items and files.
        </ConfirmDialog>
      ) : null}
      <TemplateForm {...data} noun={noun} posted={formAnswer} submitLabel="Save Template" cancelTo={list} />
      <section className="card stack" aria-labelledby="template-files-title">
        <h2 id="template-files-title">Attachments</h2>
        <p className="muted">Copied to each {noun.toLowerCase()} started from this template.</p>
        <ul>
          {data.attachments.map((f) => (
            <li key={f.id}>
              <Form method="post" className="row">
                <a href={f.fileUrl}>{f.fileName}</a>
                <input type="hidden" name="fileUrl" value={f.fileUrl} />
                <button
                  className="button button-link"
                  name="intent"
                  value="deleteAttachment"
                  aria-label={`Delete ${f.fileName}`}
                >
                  Delete
                </button>
              </Form>
            </li>
          ))}
        </ul>
        <Form method="post" encType="multipart/form-data" className="row wrap">
          <PlainTextField
            id="template-files"
            label="Add a file"
            type="file"
            name="files"
            accept={ACCEPT}
            required
            hint="One file per upload. Images and documents up to 10 MB, videos up to 50 MB."
            error={posted && !("values" in posted) ? posted.errors.files : undefined}
          />
          <button className="button">Upload</button>
        </Form>
      </section>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Template | Fieldwise" }];
