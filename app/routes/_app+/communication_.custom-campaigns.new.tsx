import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { requireAccess } from "~/access/access.server";
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

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.campaigns.new);
  return json(await wizardPage(access, { campaignId: null }));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.campaigns.new);
  return wizardAction(request, access, { campaignId: null });
}

/** The audience's live updates (a fetcher posting intent=audience) change nothing the loader reads. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "audience" ? false : defaultShouldRevalidate;

export default function AddCampaignRoute() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<WizardState>();
  return <CampaignWizard mode="new" page={page} answer={answer} />;
}

export const meta: MetaFunction = () => [{ title: "Add Campaign | Fieldwise" }];
