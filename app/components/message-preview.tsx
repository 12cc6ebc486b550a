import { Fragment } from "react";

/** The spec's sample SMS number placeholder: the real number is the company's texting number. */
export const SAMPLE_SMS_NUMBER = "(XXX) XXX-XXXX";

/** Paragraphs and line breaks of a rendered message (React escapes the text). */
function MessageText({ text }: { text: string }) {
  const paragraphs = text.split(/\n{2,}/).filter((p) => p.trim());
  return (
    <>
      {paragraphs.map((paragraph, i) => (
        <p key={i}>
          {paragraph.split("\n").map((line, j) => (
            <Fragment key={j}>
              {j > 0 ? <br /> : null}
              {line}
            </Fragment>
          ))}
        </p>
      ))}
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
}: {
  type: "email" | "sms";
  businessName: string;
  logoUrl: string | null;
  emailSubject?: string;
  emailMessage?: string;
  smsMessage?: string;
  poweredBy: string;
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
            {emailMessage ? <MessageText text={emailMessage} /> : <p className="muted">No message</p>}
          </div>
        </div>
      )}
      <p className="message-preview-powered">
        Powered by <strong>{poweredBy}</strong>
      </p>
    </figure>
  );
}
