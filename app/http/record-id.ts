/** The positive integer id a form field or a URL carries (?id=, a hidden `id`, a path segment), or null. */
export function recordId(value: FormDataEntryValue | string | null | undefined): number | null {
  return typeof value === "string" && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}
