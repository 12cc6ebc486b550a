import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { TextField } from "~/components/form";
import { recordForm, RecordDialogs, RecordSettingsHeader, RecordTable } from "~/components/settings-records";
import { requireAccess, type CallerContext } from "~/access/access.server";
import {
  recordDialogs,
  recordMessages,
  recordSettingsAction,
  type RecordKind,
} from "~/routes/_app+/settings+/__record-settings.server";
import {
  createLeadSource,
  deleteLeadSource,
  getLeadSource,
  listLeadSources,
  renameLeadSource,
} from "~/models/company/lead-sources.server";
import { createLeadSourceSchema, LEAD_SOURCE_NAME_MAX, type LeadSourceOption } from "~/models/company/tags.schema";
import settingsStyles from "~/styles/settings.css";
import { screens } from "~/access/route-table";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: settingsStyles }];

const LIST_URL = "/settings/lead-sources";
const form = recordForm("lead-source", withZod(createLeadSourceSchema), { noun: "Lead Source", editVerb: "Rename" });

const leadSourceRecords = (ctx: CallerContext): RecordKind<{ name: string }, LeadSourceOption> => ({
  form,
  get: (id) => getLeadSource(ctx, id),
  save: (input, id) => (id ? renameLeadSource(ctx, { id, name: input.name }) : createLeadSource(ctx, input)),
  remove: (id) => deleteLeadSource(ctx, id),
  messages: recordMessages("Lead source"),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.settings.leadSources);
  const dialogs = await recordDialogs(request, leadSourceRecords(ctx));
  return json({ leadSources: await listLeadSources(ctx), ...dialogs });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.settings.leadSources);
  return recordSettingsAction(request, LIST_URL, [leadSourceRecords(ctx)]);
}

export default function LeadSourcesRoute() {
  const { leadSources, editing, deleting } = useLoaderData<typeof loader>();
  return (
    <>
      <RecordSettingsHeader title="Lead Sources" form={form} listUrl={LIST_URL} />
      <p className="muted">
        Where your customers heard of you. Pick them on the customer form; removing one leaves the customers as they
        are.
      </p>
      <RecordTable
        form={form}
        listUrl={LIST_URL}
        caption="Lead sources"
        columns={[{ title: "Name", render: (s) => s.name }]}
        rows={leadSources}
        name={(s) => s.name}
      />
      <RecordDialogs
        form={form}
        listUrl={LIST_URL}
        editing={editing}
        deleting={deleting}
        values={(s) => ({ name: s.name })}
        fields={<TextField name="name" label="Name" maxLength={LEAD_SOURCE_NAME_MAX} autoComplete="off" />}
        deleteText={(s) => (
          <>The lead source &apos;{s.name}&apos; will be deleted. Customers who named it keep their other details.</>
        )}
      />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Lead Sources | Settings | Fieldwise" }];
