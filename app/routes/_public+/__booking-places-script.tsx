import { PLACE_SEARCH_DEBOUNCE_MS, PLACE_SEARCH_MAX, PLACE_SEARCH_MIN } from "~/models/company/places.schema";
import { useNonce } from "~/utils/nonce";

type Prediction = { description: string; placeId: string };
type Place = { location: string; geoData: { latitude: number; longitude: number }; unitNumber: string | null };

/**
 * The booking form's place search (an inline island, like the day script; the page ships no
 * framework). It wakes only on an address field the server marked with its search's address
 * (`data-place-search`, given when a maps key is set): typing asks for suggestions 600 ms after the
 * last key (3 to 200 characters, a newer search aborts the older one) and shows them as an ARIA
 * combobox (arrows, Enter, Escape); choosing one fills the address, the hidden coordinates the
 * service-area check uses, and the unit. Typing by hand afterwards clears the coordinates. An
 * answer of `enabled: false` puts the plain field back; without JavaScript it is the plain field.
 */
function bookingPlacesScript(min: number, max: number, wait: number) {
  const input = document.querySelector<HTMLInputElement>("input[data-place-search]");
  const form = input?.form;
  if (!input || !form) return;
  const field = (name: string) => form.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  const [latitude, longitude, unit] = [field("latitude"), field("longitude"), field("unitNumber")];
  const base = input.dataset.placeSearch!;
  const list = document.createElement("ul");
  const status = document.createElement("p");
  const autofill = input.getAttribute("autocomplete");
  list.id = `${input.id}-list`;
  const attrs = {
    role: "combobox",
    "aria-autocomplete": "list",
    "aria-expanded": "false",
    "aria-controls": list.id,
    autocomplete: "off",
  };
  list.setAttribute("role", "listbox");
  list.setAttribute("aria-label", "Suggestions");
  list.className = "place-search-list";
  list.hidden = true;
  status.setAttribute("role", "status");
  status.className = "visually-hidden";
  input.after(list, status);
  for (const [name, value] of Object.entries(attrs)) input.setAttribute(name, value);
  let items: Prediction[] = [];
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let searching: AbortController | undefined;
  let picking: AbortController | undefined;
  const wiring = new AbortController();
  const on = { signal: wiring.signal };

  const ask = async <T,>(path: string, controller: AbortController): Promise<T | null> => {
    const res = await fetch(base + path, { headers: { Accept: "application/json" }, signal: controller.signal });
    return res.ok ? ((await res.json()) as T) : null;
  };
  const highlight = (i: number) => {
    active = i;
    list.querySelectorAll("li").forEach((li, j) => li.setAttribute("aria-selected", String(j === i)));
    if (i < 0) input.removeAttribute("aria-activedescendant");
    else input.setAttribute("aria-activedescendant", `${list.id}-${i}`);
  };
  const show = (predictions: Prediction[]) => {
    items = predictions;
    list.replaceChildren(
      ...items.map((p, i) => {
        const li = document.createElement("li");
        li.id = `${list.id}-${i}`;
        li.setAttribute("role", "option");
        li.className = "place-search-option";
        li.textContent = p.description;
        li.onmousedown = (event) => event.preventDefault();
        li.onclick = () => void pick(i);
        return li;
      }),
    );
    list.hidden = !items.length;
    input.setAttribute("aria-expanded", String(!!items.length));
    highlight(-1);
  };
  const close = () => {
    show([]);
    status.textContent = "";
  };
  const stop = () => {
    clearTimeout(timer);
    searching?.abort();
  };
  const off = () => {
    stop();
    wiring.abort();
    list.remove();
    status.remove();
    for (const name of Object.keys(attrs)) input.removeAttribute(name);
    input.removeAttribute("aria-activedescendant");
    input.removeAttribute("data-place-search");
    if (autofill) input.setAttribute("autocomplete", autofill);
  };
  const search = async (text: string) => {
    const controller = (searching = new AbortController());
    try {
      const answer = await ask<{ enabled: boolean; predictions: Prediction[] }>(
        `/predictions?input=${encodeURIComponent(text)}`,
        controller,
      );
      if (!answer) return;
      if (!answer.enabled) return off();
      show(answer.predictions);
      status.textContent = items.length ? `${items.length} suggestions` : "No results";
    } catch {
      // An aborted or failed search: the typed text stays, geocoded when the form is sent.
    }
  };
  const pick = async (i: number) => {
    const chosen = items[i];
    if (!chosen) return;
    stop();
    close();
    input.value = chosen.description;
    picking?.abort();
    const controller = (picking = new AbortController());
    try {
      const place = await ask<Place>(`/${encodeURIComponent(chosen.placeId)}`, controller);
      if (!place) return;
      input.value = place.location;
      if (latitude && longitude) {
        latitude.value = String(place.geoData.latitude);
        longitude.value = String(place.geoData.longitude);
      }
      if (unit && place.unitNumber) unit.value = place.unitNumber;
    } catch {
      // Without its details the suggestion's text stays, without coordinates.
    }
  };

  input.addEventListener(
    "input",
    () => {
      if (latitude && longitude) latitude.value = longitude.value = "";
      picking?.abort();
      stop();
      const text = input.value.trim();
      close();
      if (text.length >= min && text.length <= max) timer = setTimeout(() => void search(text), wait);
    },
    on,
  );
  input.addEventListener(
    "keydown",
    (event) => {
      const count = list.hidden ? 0 : items.length;
      if (event.key === "ArrowDown" && count) highlight(active >= count - 1 ? 0 : active + 1);
      else if (event.key === "ArrowUp" && count) highlight(active <= 0 ? count - 1 : active - 1);
      else if (event.key === "Enter" && count && active >= 0) void pick(active);
      else if (event.key === "Escape" && count) close();
      else return;
      event.preventDefault();
    },
    on,
  );
  input.addEventListener(
    "blur",
    () => {
      stop();
      close();
    },
    on,
  );
}

const script = `(${bookingPlacesScript.toString()})(${PLACE_SEARCH_MIN},${PLACE_SEARCH_MAX},${PLACE_SEARCH_DEBOUNCE_MS})`;

export function BookingPlacesScript() {
  return <script nonce={useNonce()} dangerouslySetInnerHTML={{ __html: script }} />;
}
