import { Form } from "@remix-run/react";
import { useEffect } from "react";
import { PlainTextareaField, PlainTextField } from "~/components/form";
import { SignaturePad, signaturePadScript } from "~/components/signature-pad";
import { TEXT_MAX } from "~/models/jobs/jobs.schema";
import { formatInZone } from "~/utils/format";

/** The job page's parts a technician reaches for on site, as links to their sections (phones: the top of the page). */
const ON_SITE_SECTIONS = [
  { href: "#job-status-title", label: "Status" },
  { href: "#job-notes-title", label: "Notes" },
  { href: "#upload-currentState-title", label: "Photos" },
  { href: "#job-checklists", label: "Checklist" },
  { href: "#job-sign-title", label: "Signature" },
  { href: "#job-pay", label: "Payment" },
] as const;

export function JobSectionsNav({ hasChecklists }: { hasChecklists: boolean }) {
  return (
    <nav className="job-jump" aria-label="Job sections">
      {ON_SITE_SECTIONS.filter((s) => hasChecklists || s.href !== "#job-checklists").map((s) => (
        <a key={s.href} href={s.href} className="button">
          {s.label}
        </a>
      ))}
    </nav>
  );
}

/** intent=notes: the job's private notes (the team's, never the customer's). */
export function JobNotesForm({
  privateNotes,
  error,
  value,
}: {
  privateNotes: string | null;
  error?: string;
  /** The text posted when it was refused. */
  value?: string;
}) {
  return (
    <section className="card stack" aria-labelledby="job-notes-title">
      <h2 id="job-notes-title">Notes</h2>
      {/* Keyed by the stored text, so a save (a redirect back here with JavaScript) shows what was stored. */}
      <Form method="post" className="stack" key={privateNotes ?? ""}>
        <PlainTextareaField
          id="job-private-notes"
          label="Notes"
          name="privateNotes"
          rows={5}
          maxLength={TEXT_MAX}
          defaultValue={value ?? privateNotes ?? ""}
          hint="Private: seen by your team, never by the customer."
          error={error}
        />
        <div>
          <button className="button button-primary" name="intent" value="notes">
            Save notes
          </button>
        </div>
      </Form>
    </section>
  );
}

export type ShownSignature = { name: string | null; imageUrl: string | null; signedAt: string };

/** intent=sign: the customer's typed name and, with JavaScript, a drawn signature; then the latest one. */
export function JobSignatureForm({
  signature,
  timezone,
  errors,
  value,
}: {
  signature: ShownSignature | null;
  timezone: string;
  errors: Record<string, string>;
  value?: string;
}) {
  // A hydrated page: the pad's inline script does not run after a client-side navigation.
  useEffect(() => signaturePadScript(), [signature?.signedAt]);
  return (
    <section className="card stack" aria-labelledby="job-sign-title">
      <h2 id="job-sign-title">Customer signature</h2>
      {signature ? (
        <figure className="job-signature">
          {signature.imageUrl ? (
            <img src={signature.imageUrl} alt={`Signature of ${signature.name ?? "the customer"}`} />
          ) : null}
          <figcaption>
            Signed{signature.name ? ` by ${signature.name}` : ""} on {formatInZone(signature.signedAt, timezone)}
          </figcaption>
        </figure>
      ) : (
        <p className="muted">Not signed yet.</p>
      )}
      <Form method="post" className="stack" key={signature?.signedAt ?? "unsigned"}>
        <PlainTextField
          id="job-sign-name"
          label="Customer's name"
          name="name"
          maxLength={120}
          autoComplete="off"
          defaultValue={value}
          error={errors.signName}
        />
        <SignaturePad nameInputId="job-sign-name" id="job-sign-pad" />
        {errors.signature ? (
          <p className="field-error" role="alert">
            {errors.signature}
          </p>
        ) : null}
        <div>
          <button className="button button-primary" name="intent" value="sign">
            Save signature
          </button>
        </div>
      </Form>
    </section>
  );
}
