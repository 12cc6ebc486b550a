import { useNonce } from "~/utils/nonce";

/**
 * The booking form's one piece of JavaScript (the page ships no framework): choosing another day
 * loads that day's open windows in place, fresh from the server, so what the customer already typed
 * stays. Without it the day picker is a GET form that reloads the page.
 */
function bookingDayScript() {
  const picker = document.querySelector<HTMLFormElement>("[data-day-picker]");
  const select = picker?.querySelector("select");
  const times = document.querySelector<HTMLElement>("[data-times]");
  const dayInput = document.querySelector<HTMLInputElement>("[data-day-input]");
  if (!picker || !select || !times || !dayInput) return;
  const load = async () => {
    const url = `${location.pathname}?day=${encodeURIComponent(select.value)}`;
    try {
      const res = await fetch(url, { headers: { Accept: "text/html" } });
      const next = res.ok
        ? new DOMParser().parseFromString(await res.text(), "text/html").querySelector("[data-times]")
        : null;
      if (!next) return picker.submit();
      times.innerHTML = next.innerHTML;
      dayInput.value = select.value;
      history.replaceState(null, "", url);
    } catch {
      picker.submit();
    }
  };
  select.addEventListener("change", () => void load());
  picker.addEventListener("submit", (event) => {
    event.preventDefault();
    void load();
  });
}

const script = `(${bookingDayScript.toString()})()`;

export function BookingDayScript() {
  return <script nonce={useNonce()} dangerouslySetInnerHTML={{ __html: script }} />;
}
