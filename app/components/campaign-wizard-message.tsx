import { FieldError, PlainTextareaField, PlainTextField } from "~/components/form";
import { MessagePreview, MessageVariablesHelp } from "~/components/message-preview";
import type { StepProps } from "~/components/campaign-wizard";
import { campaignImageSrc } from "~/models/campaigns/campaign-wizard";
import { CAMPAIGN_LIMITS, PORTAL_LINK_CHARS, SMS_RECOMMENDED_CHARS } from "~/models/campaigns/campaigns.schema";
import { describeSegments, renderTemplate, sampleValues, smsSegments } from "~/models/messaging/variables";

const IMAGE_ACCEPT = "image/jpeg,image/png,image/heic,image/heif,.jpg,.jpeg,.png,.heic,.heif";

/** Step 4: the email's subject and message (with images), the text with its segments, the variables, the preview. */
export function MessageStep({ form, change, errorOf, hydrated, page }: StepProps) {
  const samples = sampleValues({ businessName: page.brand.businessName, businessPhone: page.brand.businessPhone });
  const sms = renderTemplate(form.smsMessage, samples);
  const segments = smsSegments(sms);
  const brand = { businessName: page.brand.businessName, logoUrl: page.brand.logoUrl, poweredBy: page.brand.poweredBy };
  return (
    <div className="message-editor">
      <div className="stack">
        {form.channelEmail ? (
          <>
            <PlainTextField
              id="campaign-subject"
              name="subject"
              label="Subject"
              maxLength={CAMPAIGN_LIMITS.subject.max * 2}
              value={form.subject}
              onChange={(e) => change({ subject: e.target.value }, "subject")}
              error={errorOf("subject")}
            />
            <PlainTextareaField
              id="campaign-email-message"
              name="emailMessage"
              label="Email message"
              rows={10}
              value={form.emailMessage}
              onChange={(e) => change({ emailMessage: e.target.value }, "emailMessage")}
              error={errorOf("emailMessage")}
              hint="An added image shows in the email where its line ![image](...) stands."
            />
            <div className="field campaign-image">
              <label htmlFor="campaign-image">Image for the email</label>
              <div className="row">
                <input
                  id="campaign-image"
                  name="image"
                  type="file"
                  accept={IMAGE_ACCEPT}
                  aria-describedby={`campaign-image-hint${errorOf("image") ? " campaign-image-error" : ""}`}
                  aria-invalid={errorOf("image") ? true : undefined}
                />
                <button type="submit" name="intent" value="add-image" className="button" formNoValidate>
                  Add image
                </button>
              </div>
              <p className="field-hint" id="campaign-image-hint">
                JPEG, PNG or HEIC, up to 10 MB; it is added at the end of the message.
              </p>
              <FieldError id="campaign-image-error" error={errorOf("image")} />
            </div>
          </>
        ) : null}
        {form.channelText ? (
          <>
            <PlainTextareaField
              id="campaign-sms-message"
              name="smsMessage"
              label="Text message"
              rows={4}
              maxLength={CAMPAIGN_LIMITS.smsMessage.max * 2}
              value={form.smsMessage}
              onChange={(e) => change({ smsMessage: e.target.value }, "smsMessage")}
              error={errorOf("smsMessage")}
              hint={`${SMS_RECOMMENDED_CHARS} characters are recommended for one message; a portal link may use up to ${PORTAL_LINK_CHARS} of them.`}
            />
            <p className="segment-count" aria-live="polite">
              With the sample values: {describeSegments(segments)}
            </p>
          </>
        ) : null}
        <MessageVariablesHelp />
        {hydrated ? null : (
          <div>
            <button type="submit" name="intent" value="preview" className="button" formNoValidate>
              Update Preview
            </button>
          </div>
        )}
      </div>
      <div className="stack previews">
        {form.channelText ? <MessagePreview type="sms" {...brand} smsMessage={sms} /> : null}
        {form.channelEmail ? (
          <MessagePreview
            type="email"
            {...brand}
            emailSubject={renderTemplate(form.subject, samples).replace(/\s*\n\s*/g, " ")}
            emailMessage={renderTemplate(form.emailMessage, samples)}
            images={campaignImageSrc}
          />
        ) : null}
        <p className="muted preview-note">
          The preview uses sample values ({samples.customer_full_name}, {samples.service_date}).
        </p>
      </div>
    </div>
  );
}
