import { eq } from "drizzle-orm";
import twilio from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient";
import { db } from "~/db.server";
import { outboxMessages } from "~/db/schema";
import { absoluteUrl } from "~/http/app-url.server";
import { env, type Env } from "~/server/env.server";
import { recordFailedSend, type SendResult } from "~/services/mailer.server";
import { screens } from "~/access/route-table";

/** Twilio as configured: both credentials, or null (texts stay in the outbox). */
export type TwilioSettings = {
  accountSid: string;
  authToken: string;
  /** The platform's sender for a company without a messaging number of its own. */
  fromNumber?: string;
  /** Tests only: the API's address instead of https://*.twilio.com (refused in production unless allowed). */
  apiBaseUrl?: string;
};

export function twilioSettings(
  config: Pick<Env, "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN" | "TWILIO_FROM_NUMBER" | "TWILIO_API_BASE_URL"> = env(),
): TwilioSettings | null {
  if (!config.TWILIO_ACCOUNT_SID || !config.TWILIO_AUTH_TOKEN) return null;
  return {
    accountSid: config.TWILIO_ACCOUNT_SID,
    authToken: config.TWILIO_AUTH_TOKEN,
    fromNumber: config.TWILIO_FROM_NUMBER,
    apiBaseUrl: config.TWILIO_API_BASE_URL,
  };
}

type RequestOptions<TData> = RequestClient.RequestOptions<TData>;

/**
 * Twilio's SDK has no base-URL option (edge and region only change the twilio.com host): this client
 * sends its requests to another address, for tests against a local server speaking the same API.
 */
class RedirectedRequestClient extends twilio.RequestClient {
  constructor(private readonly baseUrl: string) {
    super({ timeout: 15_000 });
  }

  request<TData>(opts: RequestOptions<TData>) {
    return super.request<TData>({
      ...opts,
      uri: opts.uri.replace(/^https:\/\/[a-z0-9.-]+\.twilio\.com/i, this.baseUrl),
    });
  }
}

let client: { key: string; client: twilio.Twilio } | undefined;
export function twilioClient(settings: TwilioSettings): twilio.Twilio {
  const key = `${settings.accountSid}\n${settings.authToken}\n${settings.apiBaseUrl ?? ""}`;
  if (client?.key !== key) {
    client = {
      key,
      client: twilio(settings.accountSid, settings.authToken, {
        httpClient: settings.apiBaseUrl ? new RedirectedRequestClient(settings.apiBaseUrl) : undefined,
        timeout: 15_000,
        autoRetry: false,
      }),
    };
  }
  return client.client;
}

/** Twilio's status callback URL (the status webhook), absolute from APP_URL. */
export const statusCallbackUrl = () => absoluteUrl(screens.webhooks.twilioStatus.pattern);

export type Text = {
  to: string;
  body: string;
  /** The company's messaging number; without it the platform's TWILIO_FROM_NUMBER. */
  from?: string | null;
  companyId?: number | null;
  customerId?: number | null;
  jobId?: number | null;
  messageType?: number | null;
  /** A retried send with the same key is not sent again. */
  dedupeKey?: string;
  /** Why the text may not go yet (the company's messaging is not set up): it is kept unsent with this reason. */
  heldBecause?: string | null;
  /** When Twilio could not be reached or is rate limiting: release the claim and throw (see sendEmail's). */
  retryWhenUnavailable?: boolean;
};

/** Errors where the request cannot have created a message: no connection at all, or Twilio's 429. */
const NO_CONNECTION = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);
function twilioNeverTookIt(error: unknown): boolean {
  const e = error as { code?: unknown; status?: unknown };
  return (typeof e?.code === "string" && NO_CONNECTION.has(e.code)) || e?.status === 429;
}

/** Twilio answers queued, accepted, scheduled, sending or sent on create; failed is the only refusal. */
const acceptedStatus = (status: string | undefined) =>
  status === "failed" || status === "undelivered" ? "failed" : "sent";

const reasonOf = (error: unknown) => {
  if (error && typeof error === "object" && "code" in error && "message" in error && typeof error.code === "number")
    return `${String(error.message)} (Twilio error ${error.code})`;
  return error instanceof Error ? error.message : String(error);
};

/**
 * The one way the app sends a text message. With Twilio configured it goes out through Twilio's
 * Messages API with a status callback; without, it stays in the outbox (readable on /dev/outbox in
 * development). The row is written first, so its dedupe key claims the send before anything leaves:
 * a retry with the same key answers "duplicate" and never sends twice.
 */
export async function sendText(text: Text, settings = twilioSettings()): Promise<SendResult> {
  const [row] = await db
    .insert(outboxMessages)
    .values({
      channel: "sms",
      to: text.to,
      body: text.body,
      companyId: text.companyId ?? null,
      customerId: text.customerId ?? null,
      jobId: text.jobId ?? null,
      messageType: text.messageType ?? null,
      dedupeKey: text.dedupeKey ?? null,
      status: "stored",
      error: text.heldBecause ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: outboxMessages.id });
  if (!row) return { id: null, status: "duplicate" };
  if (text.heldBecause || !settings) return { id: row.id, status: "stored" };
  const from = text.from || settings.fromNumber;
  if (!from) {
    await db
      .update(outboxMessages)
      .set({ error: "No number to send from: set the company's messaging phone number or TWILIO_FROM_NUMBER" })
      .where(eq(outboxMessages.id, row.id));
    return { id: row.id, status: "stored" };
  }
  try {
    const message = await twilioClient(settings).messages.create({
      to: text.to,
      from,
      body: text.body,
      statusCallback: statusCallbackUrl(),
    });
    const status = acceptedStatus(message.status);
    const now = new Date();
    await db
      .update(outboxMessages)
      .set({
        providerId: message.sid,
        status,
        ...(status === "sent"
          ? { sentAt: now }
          : { failedAt: now, error: message.errorMessage ?? `Twilio error ${message.errorCode ?? ""}`.trim() }),
      })
      .where(eq(outboxMessages.id, row.id));
    return { id: row.id, status };
  } catch (error) {
    return recordFailedSend(row.id, {
      channel: "sms",
      reason: reasonOf(error),
      unavailable: Boolean(text.retryWhenUnavailable) && twilioNeverTookIt(error),
      what: `Text message to ${text.to}`,
    });
  }
}
