import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { TextField } from "~/components/form";
import { recordForm, RecordDialogs, RecordSettingsHeader, RecordTable } from "~/components/settings-records";
import { Tabs } from "~/components/tabs";
import { requireAccess, type CallerContext } from "~/access/access.server";
import {
  recordDialogs,
  recordMessages,
  recordSettingsAction,
  type RecordKind,
} from "~/routes/_app+/settings+/__record-settings.server";
import { TAG_NAME_MAX, TAG_TYPES, tagNameField, tagTypeLabels, type TagTypeValue } from "~/models/company/tags.schema";
import { countTagsByType, createTag, deleteTag, getTag, listTags, renameTag } from "~/models/company/tags.server";
import settingsStyles from "~/styles/settings.css";
import { screens } from "~/access/route-table";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: settingsStyles }];

const form = recordForm("tag", withZod(z.object({ name: tagNameField() })), { noun: "Tag", editVerb: "Rename" });

/** The tag type of the URL (?type=0-4); Customer when missing or unknown. */
function tagTypeOf(request: Request): TagTypeValue {
  const value = new URL(request.url).searchParams.get("type");
  const type = Number(value);
  return value !== null && (TAG_TYPES as readonly number[]).includes(type) ? (type as TagTypeValue) : 0;
}
const listUrl = (type: number) => `/settings/tags?type=${type}`;

/** The tags of one type: new tags get the type of the tab they are added on. */
const tagsOfType = (
  ctx: CallerContext,
  type: TagTypeValue,
): RecordKind<{ name: string }, { id: number; name: string }> => ({
  form,
  get: (id) => getTag(ctx, id),
  save: (input, id) => (id ? renameTag(ctx, { id, name: input.name }) : createTag(ctx, { name: input.name, type })),
  remove: (id) => deleteTag(ctx, id),
  messages: recordMessages("Tag", "renamed"),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.settings.tags);
  const type = tagTypeOf(request);
  const dialogs = await recordDialogs(request, tagsOfType(ctx, type));
  const [tags, counts] = await Promise.all([listTags(ctx, type), countTagsByType(ctx)]);
  return json({ type, tags, counts, ...dialogs });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.settings.tags);
  const type = tagTypeOf(request);
  return recordSettingsAction(request, listUrl(type), [tagsOfType(ctx, type)]);
}

export default function TagsRoute() {
  const { type, tags, counts, editing, deleting } = useLoaderData<typeof loader>();
  const label = tagTypeLabels[type];
  const back = listUrl(type);
  return (
    <>
      <RecordSettingsHeader title="Tags" form={form} listUrl={back} addLabel={`Add ${label} Tag`} />
      <Tabs
        param="type"
        current={String(type)}
        tabs={TAG_TYPES.map((t) => ({ id: String(t), label: `${tagTypeLabels[t]} (${counts[t] ?? 0})` }))}
      />
      <RecordTable
        form={form}
        listUrl={back}
        caption={`${label} tags`}
        columns={[{ title: "Name", render: (t) => t.label }]}
        rows={tags}
        name={(t) => t.label}
      />
      <RecordDialogs
        form={form}
        listUrl={back}
        editing={editing}
        deleting={deleting}
        titles={{ add: `Add ${label} Tag` }}
        values={(t) => ({ name: t.name })}
        fields={<TextField name="name" label="Name" maxLength={TAG_NAME_MAX} autoComplete="off" />}
        deleteText={(t) => (
          <>
            The tag &apos;{t.name}&apos; will be deleted and removed from every record that carries it. The records
            themselves stay.
          </>
        )}
      />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Tags | Settings | Fieldwise" }];
