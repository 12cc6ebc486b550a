import { notFound } from "~/access/access.server";
import type { RecordForm } from "~/components/settings-records";
import { deleteOrRefuse, submitForm, unknownIntent } from "~/http/forms.server";
import { recordId } from "~/http/record-id";
import { toasts } from "~/sessions.server";

/**
 * One kind of record on a settings page (tags, lead sources, expense codes, tax rates, discounts):
 * its form and the model functions, bound to the caller's company by the route.
 */
export type RecordKind<T, Record> = {
  form: RecordForm<T>;
  get(id: number): Promise<Record | null>;
  /** Creates (id null) or updates the record; a falsy answer when the id is not the company's (404). */
  save(input: T, id: number | null): Promise<unknown>;
  /** Deletes the record; false when it is not the company's (404), a RuleError while it is in use. */
  remove(id: number): Promise<boolean>;
  messages: { created: string; saved: string; deleted: string };
};

/** The toasts of a kind's save and delete: "<Kind> was created successfully!"... */
export const recordMessages = (kind: string, savedVerb = "saved"): RecordKind<unknown, unknown>["messages"] => ({
  created: `${kind} was created successfully!`,
  saved: `${kind} was ${savedVerb} successfully!`,
  deleted: `${kind} was deleted`,
});

/** The company's record named in the URL or form, else 404 (another company's id included). */
export async function requireRecord<Record>(
  value: string | null,
  get: (id: number) => Promise<Record | null>,
): Promise<Record> {
  return (await get(recordId(value) ?? 0)) ?? notFound();
}

/** Route state of an add/edit dialog (?edit=new or ?edit=<id>): "new", the record, or null when closed. */
export async function openedRecord<Record>(
  value: string | null,
  get: (id: number) => Promise<Record | null>,
): Promise<Record | "new" | null> {
  if (value === null) return null;
  return value === "new" ? "new" : requireRecord(value, get);
}

/** For the loader: the record of the open add/edit dialog and the one whose delete awaits confirmation. */
export async function recordDialogs<T, Record>(request: Request, kind: RecordKind<T, Record>) {
  const search = new URL(request.url).searchParams;
  const [editing, deleting] = await Promise.all([
    openedRecord(search.get(kind.form.editParam), (id) => kind.get(id)),
    search.get("confirm") === kind.form.deleteIntent ? requireRecord(search.get("id"), (id) => kind.get(id)) : null,
  ]);
  return { editing, deleting };
}

/**
 * The action of a settings page: each kind's save (schema and model rules on the fields, a 422 that
 * shows the form again) and delete (refused with an error toast while in use), then back to the
 * list with a toast. An unknown intent is 400.
 */
export async function recordSettingsAction(
  request: Request,
  listUrl: string,
  kinds: RecordKind<unknown, unknown>[],
): Promise<Response> {
  const formData = await request.formData();
  const intent = formData.get("intent");
  const id = recordId(formData.get("id"));
  for (const kind of kinds) {
    if (intent === kind.form.saveIntent)
      return submitForm(formData, kind.form.validator, kind.form.formId, async (input) => {
        if (!(await kind.save(input, id))) notFound();
        return toasts().redirectWithSuccess(listUrl, id ? kind.messages.saved : kind.messages.created);
      });
    if (intent === kind.form.deleteIntent)
      return deleteOrRefuse(listUrl, () => kind.remove(id ?? 0), kind.messages.deleted);
  }
  return unknownIntent();
}
