import { Form } from "@remix-run/react";

/**
 * A one-button form that flips an on/off setting: it posts `intent` and, as `enabled`, the value
 * it switches to; the button offers the action, primary when it turns the setting on.
 */
export function ToggleForm({
  on,
  intent,
  turnOn,
  turnOff,
}: {
  on: boolean;
  intent: string;
  turnOn: string;
  turnOff: string;
}) {
  return (
    <Form method="post" className="row">
      <input type="hidden" name="enabled" value={on ? "false" : "true"} />
      <button type="submit" name="intent" value={intent} className={`button ${on ? "" : "button-primary"}`}>
        {on ? turnOff : turnOn}
      </button>
    </Form>
  );
}
