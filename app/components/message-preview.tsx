import { Fragment } from "react";
import { MESSAGE_VARIABLE_DESCRIPTIONS, MESSAGE_VARIABLES } from "~/models/messaging/message-types";
import { IMAGE_LINE, type ImageResolver } from "~/models/messaging/variables";

/** The spec's sample SMS number placeholder: the real number is the company's texting number. */
export const SAMPLE_SMS_NUMBER = "(XXX) XXX-XXXX";

/** Paragraphs and line breaks of a rendered message (React escapes the text); with `images`, image lines as images. */
function MessageText({ text, images }: { text: string; images?: ImageResolver }) {
  const paragraphs = text.split(/\n{2,}/).filter((p) => p.trim());
  return (
    <>
      {paragraphs.map((paragraph, i) => {
        const image = images && IMAGE_LINE.exec(paragraph.trim());
        const src = image ? images(image[2]) : null;
        if (image && src) return <img key={i} src={src} alt={image[1]} className="message-preview-image" />;
        return (
          <p key={i}>
            {paragraph.split("\n").map((line, j) => (
              <Fragment key={j}>
                {j > 0 ? <br /> : null}
                {line}
              </Fragment>
            ))}
          </p>
        );
      })}
    </>
  );
}

/**
 * The message preview widget (spec part 1, section 3: emailSubject, emailMessage, smsMessage, type,
 * business name, logo): 'PREVIEW', the message as the customer sees it (texts already rendered
 * with sample values), and 'Powered by' the product.
 */
export function MessagePreview({
  type,
  businessName,
  logoUrl,
  emailSubject = "",
  emailMessage = "",
  smsMessage = "",
  poweredBy,
  images,
}: {
  type: "email" | "sms";
  businessName: string;
  logoUrl: string | null;
  emailSubject?: string;
  emailMessage?: string;
  smsMessage?: string;
  poweredBy: string;
  /** The email's image lines shown as images (campaign emails). */
  images?: ImageResolver;
}) {
  const title = type === "sms" ? "Text message preview" : "Email preview";
  return (
    <figure className={`message-preview message-preview-${type}`} aria-label={title}>
      <figcaption className="message-preview-label">
        <span className="message-preview-tag">PREVIEW</span> {type === "sms" ? "Text message" : "Email"}
      </figcaption>
      {type === "sms" ? (
        <div className="sms-phone">
          <div className="sms-from">
            <span className="muted">From</span> <span>{SAMPLE_SMS_NUMBER}</span>
          </div>
          <div className="sms-bubble">
            {smsMessage ? <MessageText text={smsMessage} /> : <p className="muted">No text</p>}
          </div>
        </div>
      ) : (
        <div className="email-card">
          <div className="email-header">
            {logoUrl ? <img src={logoUrl} alt={`${businessName} logo`} className="email-logo" /> : null}
            <span className="email-business">{businessName}</span>
          </div>
          <div className="email-subject">
            <span className="muted">Subject:</span> {emailSubject || <span className="muted">No subject</span>}
          </div>
          <div className="email-body">
            {emailMessage ? <MessageText text={emailMessage} images={images} /> : <p className="muted">No message</p>}
          </div>
        </div>
      )}
      <p className="message-preview-powered">
        Powered by <strong>{poweredBy}</strong>
      </p>
    </figure>
  );
}

/** 'Variables you can use': the template variables and what each stands for, folded. */
export function MessageVariablesHelp() {
  return (
    <details className="variables">
      <summary>Variables you can use</summary>
      <p className="muted">Type them with the double braces; each is replaced by the customer&apos;s own value.</p>
      <dl>
        {MESSAGE_VARIABLES.map((name) => (
          <div key={name}>
            <dt>
              <code>{`{{${name}}}`}</code>
            </dt>
            <dd>{MESSAGE_VARIABLE_DESCRIPTIONS[name]}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
