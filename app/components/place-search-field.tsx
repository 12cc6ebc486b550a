import { useEffect, useId, useRef, useState, type ComponentProps, type KeyboardEvent } from "react";
import { TextField } from "~/components/form";
import {
  PLACE_SEARCH_DEBOUNCE_MS,
  PLACE_SEARCH_MIN,
  type PlaceAnswer,
  type PlacePredictionsAnswer,
} from "~/models/company/places.schema";
import { useHydrated } from "~/utils/use-hydrated";

/** Coordinates as the form carries them: strings of hidden inputs (empty when unknown). */
export type GeoDataValues = { placeId?: string; latitude?: string; longitude?: string };

type Prediction = PlacePredictionsAnswer["predictions"][number];
type Props = Omit<ComponentProps<typeof TextField>, "defaultValue" | "value"> & {
  /** From the loader (`maps().enabled`): without a maps key the field stays plain text and asks nothing. */
  placesEnabled: boolean;
  /** Prefix of the hidden coordinates (`addresses[0].geoData` posts `.placeId`, `.latitude`, `.longitude`); none: text only. */
  geoDataName?: string;
  /** The coordinates the form already has (carried unchanged until the text changes). */
  geoData?: GeoDataValues | null;
  /** The sibling unit number input, filled when the chosen place has a subpremise. */
  unitNumberName?: string;
};

const EMPTY: GeoDataValues = {};

/** Sets an uncontrolled input's value the way typing does, so React and the form's validation see it. */
function typeInto(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, value);
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

/**
 * The place search of an address (an island): the plain location text field, plus hidden
 * coordinates. Without JavaScript or a maps key it is just the text field (the address is
 * geocoded later). With them, typing asks for suggestions 600 ms after the last key (3
 * characters at least) and shows them as an ARIA combobox; picking one fills the address, the
 * coordinates and the unit number. Typing by hand afterwards drops the coordinates, which no
 * longer match the text.
 */
export function PlaceSearchField({ placesEnabled, geoDataName, geoData, unitNumberName, name, ...field }: Props) {
  const hydrated = useHydrated();
  const [available, setAvailable] = useState(placesEnabled);
  const enhanced = hydrated && available;
  const listId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const [geo, setGeo] = useState<GeoDataValues>(geoData ?? EMPTY);
  const [predictions, setPredictions] = useState<Prediction[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<"idle" | "loading" | "empty">("idle");
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const searching = useRef<AbortController>();
  const picking = useRef<AbortController>();
  const programmatic = useRef(false);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      searching.current?.abort();
      picking.current?.abort();
    },
    [],
  );

  const input = () => wrapper.current?.querySelector<HTMLInputElement>(`input[name="${CSS.escape(name)}"]`) ?? null;

  /** Stops a pending or running suggestion search (a running pick goes on). */
  function cancelSearch() {
    clearTimeout(timer.current);
    searching.current?.abort();
    searching.current = undefined;
  }

  function close() {
    setOpen(false);
    setActive(-1);
  }

  async function search(text: string) {
    const controller = new AbortController();
    searching.current = controller;
    setStatus("loading");
    setOpen(true);
    try {
      const response = await fetch(`/api/places/predictions?input=${encodeURIComponent(text)}`, {
        credentials: "same-origin",
        headers: { Accept: "application/json" },
        signal: controller.signal,
      });
      if (!response.ok) throw new Error(`predictions answered ${response.status}`);
      const answer = (await response.json()) as PlacePredictionsAnswer;
      if (controller.signal.aborted) return;
      if (!answer.enabled) {
        setAvailable(false);
        close();
        return;
      }
      setPredictions(answer.predictions);
      setActive(-1);
      setStatus(answer.predictions.length ? "idle" : "empty");
    } catch {
      // Suggestions are a convenience: on failure the typed text stays and is geocoded later.
      if (!controller.signal.aborted) {
        setPredictions([]);
        setStatus("idle");
        close();
      }
    }
  }

  function onTyped(text: string) {
    if (programmatic.current) return;
    setGeo(EMPTY);
    picking.current?.abort();
    if (!enhanced) return;
    cancelSearch();
    const trimmed = text.trim();
    if (trimmed.length < PLACE_SEARCH_MIN) {
      setPredictions([]);
      setStatus("idle");
      close();
      return;
    }
    timer.current = setTimeout(() => void search(trimmed), PLACE_SEARCH_DEBOUNCE_MS);
  }

  function fill(target: HTMLInputElement | null, value: string) {
    if (!target) return;
    programmatic.current = true;
    try {
      typeInto(target, value);
    } finally {
      programmatic.current = false;
    }
  }

  async function pick(prediction: Prediction) {
    cancelSearch();
    picking.current?.abort();
    close();
    setPredictions([]);
    setStatus("idle");
    const location = input();
    fill(location, prediction.description);
    const controller = new AbortController();
    picking.current = controller;
    try {
      const response = await fetch(`/api/places/${encodeURIComponent(prediction.placeId)}`, {
        credentials: "same-origin",
        headers: { Accept: "application/json" },
        signal: controller.signal,
      });
      if (!response.ok) return;
      const place = (await response.json()) as PlaceAnswer;
      if (controller.signal.aborted) return;
      fill(location, place.location);
      setGeo({
        placeId: place.geoData.placeId ?? prediction.placeId,
        latitude: String(place.geoData.latitude),
        longitude: String(place.geoData.longitude),
      });
      if (place.unitNumber && unitNumberName)
        fill(
          location?.form?.querySelector<HTMLInputElement>(`input[name="${CSS.escape(unitNumberName)}"]`) ?? null,
          place.unitNumber,
        );
    } catch {
      // A failed lookup keeps the suggestion's text without coordinates (the spec shows no message).
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!enhanced) return;
    const count = predictions.length;
    switch (event.key) {
      case "ArrowDown":
        if (!count) return;
        event.preventDefault();
        setOpen(true);
        setActive((i) => (!open || i >= count - 1 ? 0 : i + 1));
        return;
      case "ArrowUp":
        if (!count) return;
        event.preventDefault();
        setOpen(true);
        setActive((i) => (!open || i <= 0 ? count - 1 : i - 1));
        return;
      case "Enter":
        // Enter on a highlighted suggestion picks it instead of submitting the form.
        if (open && active >= 0 && predictions[active]) {
          event.preventDefault();
          void pick(predictions[active]);
        }
        return;
      case "Escape":
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          close();
        }
        return;
      case "Tab":
        close();
        return;
    }
  }

  const expanded = enhanced && open && (predictions.length > 0 || status !== "idle");
  const message =
    status === "loading"
      ? "Loading..."
      : status === "empty"
        ? "No results"
        : predictions.length
          ? `${predictions.length} suggestions`
          : "";
  // Shown as a panel only without a list; with one, it is still read out (count, "Loading...").
  const statusShown = expanded && status !== "idle" && !predictions.length;
  const optionId = (i: number) => `${listId}-option-${i}`;
  const combobox = enhanced
    ? {
        role: "combobox",
        "aria-autocomplete": "list" as const,
        "aria-expanded": expanded,
        "aria-controls": listId,
        "aria-activedescendant": expanded && active >= 0 ? optionId(active) : undefined,
        autoComplete: "off",
        onKeyDown,
        onBlur: () => {
          cancelSearch();
          close();
        },
      }
    : {};

  return (
    <div className={`place-search ${field.className ?? ""}`} ref={wrapper}>
      <TextField
        {...field}
        name={name}
        className={undefined}
        {...combobox}
        onChange={(event) => {
          field.onChange?.(event);
          onTyped(event.currentTarget.value);
        }}
      />
      {enhanced ? (
        <>
          <ul
            id={listId}
            role="listbox"
            aria-label="Suggestions"
            className="place-search-list"
            hidden={!expanded || !predictions.length}
          >
            {predictions.map((prediction, i) => (
              <li
                key={prediction.placeId}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className="place-search-option"
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => void pick(prediction)}
              >
                {prediction.description}
              </li>
            ))}
          </ul>
          <p role="status" className={statusShown ? "place-search-status" : "visually-hidden"}>
            {expanded ? message : ""}
          </p>
        </>
      ) : null}
      {geoDataName ? (
        <>
          <input type="hidden" name={`${geoDataName}.placeId`} value={geo.placeId ?? ""} />
          <input type="hidden" name={`${geoDataName}.latitude`} value={geo.latitude ?? ""} />
          <input type="hidden" name={`${geoDataName}.longitude`} value={geo.longitude ?? ""} />
        </>
      ) : null}
    </div>
  );
}
