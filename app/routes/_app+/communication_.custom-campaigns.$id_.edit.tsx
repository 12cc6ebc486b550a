import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { pathRecordId, requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { CampaignWizard } from "~/components/campaign-wizard";
import type { WizardState } from "~/models/campaigns/campaign-wizard";
import campaignWizardStyles from "~/styles/campaign-wizard.css";
import communicationStyles from "~/styles/communication.css";
import { wizardAction, wizardPage } from "./__campaign-wizard.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: communicationStyles },
  { rel: "stylesheet", href: campaignWizardStyles },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.campaigns.edit);
  return json(await wizardPage(access, { campaignId: pathRecordId(params.id) }));
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.campaigns.edit);
  return wizardAction(request, access, { campaignId: pathRecordId(params.id) });
}

/** The audience's live updates (a fetcher posting intent=audience) change nothing the loader reads. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "audience" ? false : defaultShouldRevalidate;

export default function EditCampaignRoute() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<WizardState>();
  return <CampaignWizard mode="edit" page={page} answer={answer} />;
}

export const meta: MetaFunction = () => [{ title: "Edit Campaign | Fieldwise" }];
