import {
  CAMPAIGN_SEND_HOUR,
  CampaignTrigger,
  campaignChannelLabels,
  campaignEmailStatusLabels,
  campaignTextStatusLabels,
  DelayType,
} from "~/models/campaigns/campaigns.schema";
import { DATE_LONG, formatInZone } from "~/utils/format";

/** How the list and the details page word a campaign (no server code). */

const DELAY_UNITS: Record<number, [string, string]> = {
  [DelayType.Day]: ["day", "days"],
  [DelayType.Week]: ["week", "weeks"],
  [DelayType.Month]: ["month", "months"],
};

/** A date and time in the company's zone, as the page shows it ('Dec 5th, 2026 at 2:30 PM'). */
export const campaignDateTime = (instant: Date | string | null | undefined, timeZone: string) =>
  formatInZone(instant, timeZone, `${DATE_LONG} [at] h:mm A`);

const sendHour = () => {
  const h12 = CAMPAIGN_SEND_HOUR % 12 === 0 ? 12 : CAMPAIGN_SEND_HOUR % 12;
  return `${h12}:00 ${CAMPAIGN_SEND_HOUR < 12 ? "AM" : "PM"}`;
};

type Schedule = {
  triggerEvent: number;
  delayType: number;
  delayValue: number;
  scheduledDateTime: Date | string | null;
};

/** When the campaign sends: '3 days after the job was finished, at 10:00 AM', 'Immediately after ...', or its date. */
export function sendingRule(c: Schedule, timeZone: string): string {
  if (c.triggerEvent === CampaignTrigger.OnSpecificDateTime) return campaignDateTime(c.scheduledDateTime, timeZone);
  if (c.delayValue === 0) return "Immediately after the job was finished";
  const [one, many] = DELAY_UNITS[c.delayType] ?? DELAY_UNITS[DelayType.Day];
  return `${c.delayValue} ${c.delayValue === 1 ? one : many} after the job was finished, at ${sendHour()}`;
}

export const channelLabel = (channel: number) => campaignChannelLabels[channel] ?? "";

/** A message's status label on its channel. */
export const messageStatusLabel = (channel: "email" | "sms", status: number) =>
  (channel === "email"
    ? campaignEmailStatusLabels[status as keyof typeof campaignEmailStatusLabels]
    : campaignTextStatusLabels[status as keyof typeof campaignTextStatusLabels]) ?? "";
