import { Form } from "@remix-run/react";
import { FieldError, PlainTextField } from "~/components/form";
import { EstimateApproval, EstimateStatus } from "~/models/estimates/estimates.schema";
import { formatInZone } from "~/utils/format";
import { formatPhone } from "~/utils/validation";

const CHANNELS = [
  { value: "1", label: "Text" },
  { value: "2", label: "Email" },
  { value: "3", label: "Both" },
];

type SendEstimate = {
  id: number;
  status: number;
  sentAt: string | null;
  sentChannel: number | null;
  customer?: { email: string | null; mainPhoneNumber: string | null } | null;
};

/**
 * The "Send estimate" section of the office estimate page: text, email or both, to the customer's
 * email and phone (changeable), with the link the customer opens; "Resend by email" once sent. A
 * plain form: one token per render, so a double submit sends once.
 */
export function EstimateSendSection({
  estimate,
  link,
  sendToken,
  errors,
  values,
}: {
  estimate: SendEstimate;
  link: string;
  sendToken: string;
  errors: Record<string, string>;
  values?: Record<string, unknown>;
}) {
  if (estimate.status === EstimateStatus.Cancelled || estimate.status === EstimateStatus.CopiedToJob) return null;
  const posted = (name: string) => (typeof values?.[name] === "string" ? (values[name] as string) : undefined);
  const channel = posted("notificationType") ?? String(estimate.sentChannel ?? 2);
  return (
    <Form key={sendToken} method="post" className="card stack" aria-labelledby="estimate-send">
      <h2 id="estimate-send">Send estimate</h2>
      <input type="hidden" name="requestToken" value={sendToken} />
      <fieldset className="row wrap" aria-describedby={errors.notificationType ? "send-channel-error" : undefined}>
        <legend>Send by</legend>
        {CHANNELS.map((c) => (
          <label key={c.value}>
            <input type="radio" name="notificationType" value={c.value} defaultChecked={channel === c.value} />{" "}
            {c.label}
          </label>
        ))}
      </fieldset>
      <FieldError id="send-channel-error" error={errors.notificationType} />
      <PlainTextField
        id="send-email"
        label="Email"
        name="notificationEmail"
        type="email"
        defaultValue={posted("notificationEmail") ?? estimate.customer?.email ?? ""}
        error={errors.notificationEmail}
      />
      <PlainTextField
        id="send-phone"
        label="Phone"
        name="notificationPhone"
        type="tel"
        defaultValue={posted("notificationPhone") ?? formatPhone(estimate.customer?.mainPhoneNumber)}
        error={errors.notificationPhone}
      />
      <PlainTextField id="estimate-link" label="Customer's link" readOnly defaultValue={link} />
      <div className="row">
        <button className="button button-primary" name="intent" value="send">
          {estimate.sentAt ? "Send again" : "Send estimate"}
        </button>
        {estimate.sentAt ? (
          <button className="button" name="intent" value="resend">
            Resend by email
          </button>
        ) : null}
      </div>
    </Form>
  );
}

type AnswerEstimate = {
  approval: number;
  answeredAt: string | null;
  chosenOptionId: number | null;
  declineReason: string | null;
  signatureName: string | null;
  options: {
    id: number;
    name: string;
    lineItems: { id: number; name: string; isOptional: boolean; isApproved: boolean }[];
  }[];
};

/** The customer's answer from the approval page: approved (option, optional items, signature) or declined (reason). */
export function CustomerAnswer({
  estimate,
  signatureImageUrl,
  timezone,
}: {
  estimate: AnswerEstimate;
  signatureImageUrl: string | null;
  timezone: string;
}) {
  if (estimate.approval === EstimateApproval.Pending) return null;
  const approved = estimate.approval === EstimateApproval.Approved;
  const chosen = estimate.options.find((o) => o.id === estimate.chosenOptionId);
  const extras = chosen?.lineItems.filter((l) => l.isOptional && l.isApproved) ?? [];
  return (
    <section className="card stack" aria-labelledby="customer-answer">
      <h2 id="customer-answer">Customer&apos;s answer</h2>
      <dl className="details">
        <dt>Answer</dt>
        <dd>{approved ? "Approved" : "Declined"}</dd>
        <dt>Answered</dt>
        <dd>{formatInZone(estimate.answeredAt, timezone)}</dd>
        {approved ? (
          <>
            <dt>Chosen option</dt>
            <dd>{chosen?.name ?? "None"}</dd>
            <dt>Approved optional items</dt>
            <dd>{extras.length ? extras.map((l) => l.name).join(", ") : "None"}</dd>
            <dt>Signed by</dt>
            <dd>{estimate.signatureName ?? "No typed name"}</dd>
          </>
        ) : (
          <>
            <dt>Reason</dt>
            <dd>{estimate.declineReason ?? "No reason given"}</dd>
          </>
        )}
      </dl>
      {approved && signatureImageUrl ? (
        <img className="signature-image" src={signatureImageUrl} alt="Customer's drawn signature" width={300} />
      ) : null}
    </section>
  );
}
