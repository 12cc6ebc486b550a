import { Link } from "@remix-run/react";

/** Step indicator of a multi-step form. */
export function Steps({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <ol className="steps" aria-label="Steps">
      {steps.map((label, index) => (
        <li
          key={label}
          aria-current={index === current ? "step" : undefined}
          className={index < current ? "done" : undefined}
        >
          {label}
        </li>
      ))}
    </ol>
  );
}

/**
 * The spec's step buttons: Cancel (steps after the first), Back, 'Next' ('You are able to go next')
 * or 'Create {entity type}' ('Now you are able to create the {entity type}') on the last step.
 * When the step cannot go on yet, the forward button is hidden with 'You are able to go back'.
 * Each button posts its intent, so every step goes through the server without JavaScript.
 */
export function StepActions({
  step,
  lastStep,
  entityType,
  cancelTo,
  canProceed = true,
  showBack = true,
}: {
  step: number;
  lastStep: number;
  entityType: string;
  cancelTo?: string;
  canProceed?: boolean;
  showBack?: boolean;
}) {
  const isLast = step === lastStep;
  return (
    <div className="step-actions">
      {step > 0 && cancelTo ? (
        <Link className="button" to={cancelTo}>
          Cancel
        </Link>
      ) : null}
      {step > 0 && showBack ? (
        <button type="submit" name="intent" value="back" className="button" formNoValidate>
          Back
        </button>
      ) : null}
      {canProceed ? (
        <button
          type="submit"
          name="intent"
          value={isLast ? "create" : "next"}
          className="button button-primary"
          title={isLast ? `Now you are able to create the ${entityType}` : "You are able to go next"}
        >
          {isLast ? `Create ${entityType}` : "Next"}
        </button>
      ) : null}
      <p className="hint">
        {canProceed
          ? isLast
            ? `Now you are able to create the ${entityType}`
            : "You are able to go next"
          : "You are able to go back"}
      </p>
    </div>
  );
}
