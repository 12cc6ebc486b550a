import { json } from "@remix-run/node";
import qs from "qs";

/**
 * Key segments that lead into an object's prototype chain. A key naming one (`__proto__.role`,
 * `constructor[prototype][role]`, `{"__proto__": ...}`) is dropped whole: no parser of ours walks
 * into them (prototype pollution), and every container it builds has no prototype either.
 */
const PROTOTYPE_SEGMENTS = new Set(["__proto__", "constructor", "prototype"]);
/** More fields than any form of the product has: a request past it answers 400, unparsed. */
export const MAX_FIELDS = 5000;

const tooManyFields = () => json({ message: `A request may carry at most ${MAX_FIELDS} fields` }, { status: 400 });

export function isPrototypeKey(key: string): boolean {
  return key.split(/[.[\]]/).some((segment) => PROTOTYPE_SEGMENTS.has(segment.trim()));
}

/**
 * Turns `a[0].b=1&c.d=2&e[]=3` style keys (indexed brackets and dots, as the spec's client sends
 * query arrays and forms send line items) into nested objects and arrays, with `qs` (the parser
 * Express uses). Repeated keys become arrays; files stay File objects.
 */
export function parseNested(entries: Iterable<[string, FormDataEntryValue]>): Record<string, unknown> {
  const flat: Record<string, unknown> = Object.create(null);
  let count = 0;
  for (const [key, value] of entries) {
    if (++count > MAX_FIELDS) throw tooManyFields();
    if (isPrototypeKey(key)) continue;
    const existing = flat[key];
    flat[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return qs.parse(flat as Record<string, string>, {
    allowDots: true,
    plainObjects: true,
    allowPrototypes: false,
    depth: 10,
    arrayLimit: 1000,
    parameterLimit: MAX_FIELDS,
  });
}

/** JSON.parse without prototype keys, every object built without a prototype. */
export function parseJson(text: string): unknown {
  return JSON.parse(text, (key, value) => {
    if (PROTOTYPE_SEGMENTS.has(key)) return undefined;
    if (value && typeof value === "object" && !Array.isArray(value)) return Object.assign(Object.create(null), value);
    return value;
  });
}

/** The same form less the fields whose names lead into a prototype. */
export function withoutPrototypeKeys(formData: FormData): FormData {
  const kept = new FormData();
  for (const [key, value] of formData.entries()) if (!isPrototypeKey(key)) kept.append(key, value);
  return kept;
}

/** A form's fields as one flat object (repeated names become arrays), without prototype keys. */
export function formFields(formData: FormData): Record<string, FormDataEntryValue | FormDataEntryValue[]> {
  const out: Record<string, FormDataEntryValue | FormDataEntryValue[]> = Object.create(null);
  let count = 0;
  for (const [key, value] of formData.entries()) {
    if (++count > MAX_FIELDS) throw tooManyFields();
    if (isPrototypeKey(key)) continue;
    const existing = out[key];
    out[key] = existing === undefined ? value : ([] as FormDataEntryValue[]).concat(existing, value);
  }
  return out;
}

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;
const WITHOUT_BODY = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Screens take forms: a post to a screen in another type (JSON, text, none) answers 415 before
 * the route reads it, as one rule instead of each action guarding its `formData()`. /api calls
 * read JSON or forms themselves (readBody).
 */
export function refuseScreenPostsThatAreNotForms<Args extends [Request, ...unknown[]]>(
  respond: (...args: Args) => Promise<Response>,
) {
  return (...args: Args): Promise<Response> => {
    const [request] = args;
    if (WITHOUT_BODY.has(request.method) || new URL(request.url).pathname.startsWith("/api/")) return respond(...args);
    if (FORM_TYPES.test(request.headers.get("Content-Type") ?? "")) return respond(...args);
    return Promise.resolve(
      new Response("Forms are sent as application/x-www-form-urlencoded or multipart/form-data.", {
        status: 415,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      }),
    );
  };
}
