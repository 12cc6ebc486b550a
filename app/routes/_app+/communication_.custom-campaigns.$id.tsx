import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { notFound, pathRecordId, requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { CampaignGeneralPanel, CampaignMessagesPanel, type CampaignMessageRow } from "~/components/campaign-details";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { PageHeader } from "~/components/page-header";
import { currentTab, Tabs } from "~/components/tabs";
import { deleteOrRefuse, unknownIntent } from "~/http/forms.server";
import {
  CAMPAIGN_ACTIVITY_SORT_FIELDS,
  campaignActivity,
  type CampaignActivityChannel,
} from "~/models/campaigns/campaign-activity.server";
import { campaignDateTime, channelLabel, messageStatusLabel, sendingRule } from "~/models/campaigns/campaign-texts";
import {
  CAMPAIGN_EMAIL_STATUSES,
  CAMPAIGN_TEXT_STATUSES,
  CampaignEmailStatus,
  CampaignTrigger,
  campaignMessages,
  campaignTriggerLabels,
} from "~/models/campaigns/campaigns.schema";
import { deleteCampaign, getCampaign } from "~/models/campaigns/campaigns.server";
import { DATE_SHORT, formatInZone } from "~/utils/format";
import { readListParams } from "~/utils/list-params";
import campaignStyles from "~/styles/campaigns.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: campaignStyles }];

const LIST = "/communication?tab=custom-campaigns";
const TABS = [
  { id: "general", label: "General" },
  { id: "emails", label: "Emails" },
  { id: "texts", label: "Texts" },
] as const;
const SEND_DATE = `${DATE_SHORT} h:mm A`;
const CHANNELS: Record<string, CampaignActivityChannel> = { emails: "email", texts: "sms" };

/** ?status= of a message tab: a status the channel lists (unsent is never listed), or all. */
function statusParam(url: URL): number | null {
  const status = Number(url.searchParams.get("status") || NaN);
  return [1, 2, 3].includes(status) ? status : null;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.campaigns.details);
  const id = pathRecordId(params.id);
  const campaign = await getCampaign(ctx, id);
  if (!campaign) return notFound();
  const url = new URL(request.url);
  const tab = currentTab(url, TABS);
  const tz = company.timezone;
  const channel = CHANNELS[tab];
  return json({
    campaign: {
      id: campaign.id,
      name: campaign.name,
      isActive: campaign.isActive,
      triggerEvent: campaignTriggerLabels[campaign.triggerEvent as 0 | 1] ?? "",
      sendingRule: sendingRule(campaign, tz),
      channel: channelLabel(campaign.channel),
      audience: campaign.selectedCustomersNumber,
      includeTags: campaign.targetAudienceFilters.includeTags.map((t) => t.label),
      excludeTags: campaign.targetAudienceFilters.excludeTags.map((t) => t.label),
      exceptCustomers: campaign.excludeCustomerIds.length,
    },
    tab,
    messages: channel ? await messagesTab(ctx, id, channel, url, tz) : null,
    confirmDelete: url.searchParams.get("confirm") === "delete",
  });
}

async function messagesTab(
  ctx: { companyId: number },
  id: number,
  channel: CampaignActivityChannel,
  url: URL,
  tz: string,
) {
  const params = readListParams(url, CAMPAIGN_ACTIVITY_SORT_FIELDS);
  const status = statusParam(url);
  const page = await campaignActivity(ctx, id, channel, {
    pageNumber: params.page,
    pageSize: params.pageSize,
    sortSettings: params.sort ? [params.sort] : [],
    status,
  });
  if (!page) return notFound();
  const rows = page.items.map((m, i): CampaignMessageRow => {
    const failure = m.status === CampaignEmailStatus.Failed ? m.emailEvents.find((e) => e.failureReason) : undefined;
    return {
      key: `${params.page}-${i}`,
      customerId: m.customer.id,
      name: `${m.customer.firstName} ${m.customer.lastName}`.trim(),
      trigger: m.relatedEntity
        ? { kind: "job", jobId: m.relatedEntity.id, title: m.title }
        : m.triggerType === CampaignTrigger.OnSpecificDateTime
          ? { kind: "date", on: campaignDateTime(m.triggerDateTime, tz), title: m.title }
          : { kind: "deleted" },
      sentOn: formatInZone(m.sentOn, tz, SEND_DATE),
      status: m.status,
      statusLabel: messageStatusLabel(channel, m.status),
      failure: failure
        ? { reason: failure.failureReason ?? "", on: formatInZone(failure.occuredOn, tz, SEND_DATE) }
        : null,
    };
  });
  const statuses = (channel === "email" ? CAMPAIGN_EMAIL_STATUSES : CAMPAIGN_TEXT_STATUSES).filter((s) => s !== 0);
  const statusOptions = statuses.map((value) => ({ value, label: messageStatusLabel(channel, value) }));
  return { rows, total: page.total, params, status, statusOptions };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.campaigns.details);
  const id = pathRecordId(params.id);
  const formData = await request.formData();
  if (formData.get("intent") !== "delete") return unknownIntent();
  return deleteOrRefuse(LIST, () => deleteCampaign(ctx, id), campaignMessages.deleted);
}

export default function CampaignDetailsRoute() {
  const { campaign, tab, messages, confirmDelete } = useLoaderData<typeof loader>();
  const here = `/communication/custom-campaigns/${campaign.id}`;
  return (
    <>
      <PageHeader
        title={campaign.name}
        breadcrumb={{ label: "Communications", to: LIST }}
        badge={
          campaign.isActive ? (
            <span className="badge badge-success">Active</span>
          ) : (
            <span className="badge">Inactive</span>
          )
        }
      />
      <Tabs tabs={TABS} current={tab} />
      {messages ? (
        <CampaignMessagesPanel key={tab} tab={tab} channelLabel={tab === "emails" ? "Emails" : "Texts"} {...messages} />
      ) : (
        <CampaignGeneralPanel campaign={campaign} here={here} />
      )}
      {confirmDelete ? (
        <ConfirmDialog title="Delete Campaign" intent="delete" confirmLabel="Delete" cancelTo={here} action={here}>
          <p>The campaign {campaign.name} will be completely deleted, with the record of the messages it sent.</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.campaign.name ?? "Campaign"} | Communication | Fieldwise` },
];
