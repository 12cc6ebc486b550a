import twilio from "twilio";
import { absoluteUrl } from "~/http/app-url.server";
import { twilioSettings, type TwilioSettings } from "~/services/texts.server";
import { refuseWebhook as refuse, readWebhookBody } from "~/http/webhook-body.server";

/** Twilio's webhook posts are a few hundred bytes (a text's body is at most 1600 characters). */
export const TWILIO_WEBHOOK_BODY_LIMIT = 64 * 1024;

export type TwilioParams = Record<string, string | string[]>;

/**
 * The addresses Twilio may have signed: the request's own (Express rebuilds protocol and host from
 * X-Forwarded-Proto and X-Forwarded-Host only behind a proxy TRUST_PROXY names), and the same path
 * on APP_URL, the address the webhooks are configured with.
 */
function publicUrls(request: Request): string[] {
  const url = new URL(request.url);
  const configured = absoluteUrl(`${url.pathname}${url.search}`);
  return configured === request.url ? [request.url] : [request.url, configured];
}

/**
 * A Twilio webhook's form fields, once its X-Twilio-Signature is verified with the auth token over
 * the public URL and the fields. Anything else answers before the caller stores a thing: 403 for a
 * missing or wrong signature (or no Twilio configured), 413 past the size limit, 415 for a body that
 * is not a form.
 */
export async function readVerifiedTwilioRequest(
  request: Request,
  settings: TwilioSettings | null = twilioSettings(),
): Promise<TwilioParams> {
  if (request.method !== "POST") refuse(405, "Method not allowed");
  const signature = request.headers.get("X-Twilio-Signature");
  if (!settings || !signature) return refuse(403, "Forbidden");
  if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers.get("Content-Type") ?? ""))
    refuse(415, "Twilio webhooks are form posts.");
  const body = await readWebhookBody(request, TWILIO_WEBHOOK_BODY_LIMIT);
  const params: TwilioParams = Object.create(null);
  for (const [key, value] of new URLSearchParams(body)) {
    const existing = params[key];
    params[key] = existing === undefined ? value : ([] as string[]).concat(existing, value);
  }
  const valid = publicUrls(request).some((url) => twilio.validateRequest(settings.authToken, signature, url, params));
  if (!valid) refuse(403, "Forbidden");
  // Signed with our token, it is our account's; a different AccountSid is refused all the same.
  if (typeof params.AccountSid === "string" && params.AccountSid !== settings.accountSid) refuse(403, "Forbidden");
  return params;
}

/** One field's value (the first, when repeated). */
export const field = (params: TwilioParams, name: string): string => {
  const value = params[name];
  return (Array.isArray(value) ? value[0] : value) ?? "";
};
