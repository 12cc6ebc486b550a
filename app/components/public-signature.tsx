import { SignaturePad } from "~/components/signature-pad";

/**
 * The signing block of a customer's public page (estimate, service plan): the heading, the typed
 * name that signs on its own, the optional drawn signature and the submit button. The element around
 * it (a form or a section of one) names itself by the heading: `aria-labelledby="sign-title"`.
 */
export function PublicSignature({
  title,
  what,
  intent,
  submitLabel,
  nameMax,
  name,
  errors,
}: {
  title: string;
  /** What the name signs, as in "Typing your name signs this estimate". */
  what: string;
  intent: string;
  submitLabel: string;
  nameMax: number;
  name: string;
  errors: Record<string, string | undefined>;
}) {
  return (
    <>
      <h2 id="sign-title">{title}</h2>
      <div className="field">
        <label htmlFor="signer-name">Your full name</label>
        <input
          id="signer-name"
          name="name"
          autoComplete="name"
          maxLength={nameMax}
          defaultValue={name}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? "signer-name-error" : "signer-name-hint"}
        />
        {errors.name ? (
          <p id="signer-name-error" className="field-error">
            {errors.name}
          </p>
        ) : (
          <p id="signer-name-hint" className="field-hint">
            {`Typing your name signs this ${what}.`}
          </p>
        )}
      </div>
      <SignaturePad nameInputId="signer-name" />
      {errors.signature ? <p className="field-error">{errors.signature}</p> : null}
      <button type="submit" name="intent" value={intent} className="button button-primary button-lg">
        {submitLabel}
      </button>
    </>
  );
}
