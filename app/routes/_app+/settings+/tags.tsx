import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { TextField } from "~/components/form";
import { PageHeader } from "~/components/page-header";
import { RecordFormModal, RecordTable } from "~/components/settings-records";
import { Tabs } from "~/components/tabs";
import { notFound, requireAccess } from "~/access/access.server";
import {
  deleteOrRefuse,
  openedRecord,
  recordId,
  requireRecord,
  saveWithRuleErrors,
} from "~/routes/_app+/__company-forms.server";
import { TAG_NAME_MAX, TAG_TYPES, tagNameField, tagTypeLabels, type TagTypeValue } from "~/models/company/tags.schema";
import { countTagsByType, createTag, deleteTag, getTag, listTags, renameTag } from "~/models/company/tags.server";
import { toasts } from "~/sessions.server";
import settingsStyles from "~/styles/settings.css";
import { unknownIntent, validateForm } from "~/http/forms.server";
import { screens } from "~/access/route-table";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: settingsStyles }];

const FORM_ID = "tag";
const validator = withZod(z.object({ name: tagNameField() }));

/** The tag type of the URL (?type=0-4); Customer when missing or unknown. */
function tagTypeOf(value: string | null): TagTypeValue {
  const type = Number(value);
  return value !== null && (TAG_TYPES as readonly number[]).includes(type) ? (type as TagTypeValue) : 0;
}
const listUrl = (type: number) => `/settings/tags?type=${type}`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.settings.tags);
  const search = new URL(request.url).searchParams;
  const type = tagTypeOf(search.get("type"));
  const editing = await openedRecord(search.get("edit"), (id) => getTag(ctx, id));
  const deleting =
    search.get("confirm") === "delete" ? await requireRecord(search.get("id"), (id) => getTag(ctx, id)) : null;
  const [tags, counts] = await Promise.all([listTags(ctx, type), countTagsByType(ctx)]);
  return json({ type, tags, counts, editing, deleting });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.settings.tags);
  const type = tagTypeOf(new URL(request.url).searchParams.get("type"));
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "save") {
    const { name } = await validateForm(formData, validator, FORM_ID);
    const id = recordId(formData.get("id"));
    const saved = await saveWithRuleErrors(formData, FORM_ID, () =>
      id ? renameTag(ctx, { id, name }) : createTag(ctx, { name, type }),
    );
    if (!saved) notFound();
    return toasts().redirectWithSuccess(
      listUrl(type),
      id ? "Tag was renamed successfully!" : "Tag was created successfully!",
    );
  }
  if (intent === "delete") {
    const id = recordId(formData.get("id"));
    return (await deleteOrRefuse(listUrl(type), () => deleteTag(ctx, id ?? 0), "Tag was deleted")) ?? notFound();
  }
  return unknownIntent();
}

export default function TagsRoute() {
  const { type, tags, counts, editing, deleting } = useLoaderData<typeof loader>();
  const label = tagTypeLabels[type];
  const back = listUrl(type);
  return (
    <>
      <PageHeader
        title="Tags"
        breadcrumb={{ label: "Settings", to: "/settings" }}
        actions={
          <Link className="button button-primary" to={`${back}&edit=new`} preventScrollReset>
            Add {label} Tag
          </Link>
        }
      />
      <Tabs
        param="type"
        current={String(type)}
        tabs={TAG_TYPES.map((t) => ({ id: String(t), label: `${tagTypeLabels[t]} (${counts[t] ?? 0})` }))}
      />
      <RecordTable
        caption={`${label} tags`}
        columns={[{ title: "Name", render: (t) => t.label }]}
        rows={tags}
        name={(t) => t.label}
        editLabel="Rename"
        editTo={(t) => `${back}&edit=${t.id}`}
        deleteTo={(t) => `${back}&confirm=delete&id=${t.id}`}
      />
      {editing ? (
        <RecordFormModal
          title={editing === "new" ? `Add ${label} Tag` : "Rename Tag"}
          formId={FORM_ID}
          validator={validator}
          defaultValues={editing === "new" ? {} : { name: editing.name }}
          closeTo={back}
          intent="save"
          id={editing === "new" ? null : editing.id}
        >
          <TextField name="name" label="Name" maxLength={TAG_NAME_MAX} autoComplete="off" />
        </RecordFormModal>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title="Delete Tag"
          intent="delete"
          confirmLabel="Delete"
          cancelTo={back}
          hidden={{ id: deleting.id }}
        >
          The tag &apos;{deleting.name}&apos; will be deleted and removed from every record that carries it. The records
          themselves stay.
        </ConfirmDialog>
      ) : null}
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Tags | Settings | Fieldwise" }];
