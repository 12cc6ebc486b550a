import { Link } from "@remix-run/react";
import { ValidatedForm, type Validator } from "remix-validated-form";
import type { ReactNode } from "react";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { ListTable } from "~/components/data-table";
import { FormError, SubmitButton } from "~/components/form";
import { Modal } from "~/components/modal";
import { PageHeader } from "~/components/page-header";

export type RecordColumn<Row> = { title: string; render: (row: Row) => ReactNode };

/**
 * How a settings page names one kind of record in its URLs and posts, shared by its loader, action
 * and component: ?<editParam>=new or =<id> opens the add/edit dialog, whose form posts `saveIntent`;
 * ?confirm=<deleteIntent>&id=<id> opens the delete confirmation, which posts `deleteIntent`.
 */
export type RecordForm<T> = {
  formId: string;
  validator: Validator<T>;
  /** The kind in the page's words ("Lead Source"): the Add button and the dialog titles say it. */
  noun: string;
  /** The word of the edit link and dialog: "Edit", or "Rename" for a record that is only a name. */
  editVerb: string;
  editParam: string;
  saveIntent: string;
  deleteIntent: string;
};

/** A page with one kind of record uses ?edit= and the intents save and delete. */
export function recordForm<T>(
  formId: string,
  validator: Validator<T>,
  names: Pick<RecordForm<T>, "noun"> & Partial<Omit<RecordForm<T>, "formId" | "validator">>,
): RecordForm<T> {
  return {
    formId,
    validator,
    editVerb: "Edit",
    editParam: "edit",
    saveIntent: "save",
    deleteIntent: "delete",
    ...names,
  };
}

/** The names a link to a dialog needs. */
type DialogParams = Pick<RecordForm<unknown>, "noun" | "editVerb" | "editParam" | "deleteIntent">;

/** The list's URL (which may carry its own search, e.g. a tag type) with a dialog's params. */
const dialogUrl = (listUrl: string, params: string) => `${listUrl}${listUrl.includes("?") ? "&" : "?"}${params}`;

/** The Add button that opens the add dialog. */
export function AddRecordLink({
  form,
  listUrl,
  label = `Add ${form.noun}`,
}: {
  form: DialogParams;
  listUrl: string;
  label?: string;
}) {
  return (
    <Link className="button button-primary" to={dialogUrl(listUrl, `${form.editParam}=new`)} preventScrollReset>
      {label}
    </Link>
  );
}

/** The header of a page given to one kind of record: title, the way back to Settings, and Add. */
export function RecordSettingsHeader({
  title,
  form,
  listUrl,
  addLabel,
}: {
  title: string;
  form: DialogParams;
  listUrl: string;
  addLabel?: string;
}) {
  return (
    <PageHeader
      title={title}
      breadcrumb={{ label: "Settings", to: "/settings" }}
      actions={<AddRecordLink form={form} listUrl={listUrl} label={addLabel} />}
    />
  );
}

/**
 * A company's short settings list (tags, lead sources, tax rates...): one row per record with
 * Edit and Delete links that open route-state dialogs, so everything works without JavaScript.
 */
export function RecordTable<Row extends { id: number }>({
  form,
  listUrl,
  caption,
  columns,
  rows,
  name,
}: {
  form: DialogParams;
  listUrl: string;
  caption: string;
  columns: RecordColumn<Row>[];
  rows: Row[];
  name: (row: Row) => string;
}) {
  const editLabel = form.editVerb;
  const editTo = (row: Row) => dialogUrl(listUrl, `${form.editParam}=${row.id}`);
  const deleteTo = (row: Row) => dialogUrl(listUrl, `confirm=${form.deleteIntent}&id=${row.id}`);
  return (
    <ListTable
      caption={caption}
      headers={
        <>
          {columns.map((c) => (
            <th key={c.title} scope="col">
              {c.title}
            </th>
          ))}
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </>
      }
      columnCount={columns.length + 1}
      rows={rows}
      renderRow={(row) => (
        <tr key={row.id}>
          {columns.map((c) => (
            <td key={c.title}>{c.render(row)}</td>
          ))}
          <td className="record-actions">
            <Link to={editTo(row)} preventScrollReset aria-label={`${editLabel} ${name(row)}`}>
              {editLabel}
            </Link>
            <Link to={deleteTo(row)} preventScrollReset aria-label={`Delete ${name(row)}`} className="danger-link">
              Delete
            </Link>
          </td>
        </tr>
      )}
    />
  );
}

/**
 * The add/edit dialog of a settings record: a route-state modal whose form posts `intent` (and the
 * record's id when editing) to the page's action; errors come back on the fields. A dialog that is
 * its own route (a price book category) posts no intent.
 */
export function RecordFormModal<T extends { [fieldName: string]: unknown }>({
  title,
  formId,
  validator,
  defaultValues,
  closeTo,
  intent,
  id,
  submitLabel = "Save",
  children,
}: {
  title: string;
  formId: string;
  validator: Validator<T>;
  defaultValues?: Record<string, unknown>;
  closeTo: string;
  intent?: string;
  id?: number | null;
  submitLabel?: string;
  children: ReactNode;
}) {
  return (
    <Modal title={title} closeTo={closeTo} size="sm">
      <ValidatedForm
        id={formId}
        validator={validator}
        method="post"
        defaultValues={defaultValues as never}
        className="stack"
        noValidate
      >
        {intent ? <input type="hidden" name="intent" value={intent} /> : null}
        {id ? <input type="hidden" name="id" value={id} /> : null}
        <FormError formId={formId} />
        {children}
        <div className="modal-actions">
          <Link className="button" to={closeTo} preventScrollReset>
            Cancel
          </Link>
          <SubmitButton formId={formId}>{submitLabel}</SubmitButton>
        </div>
      </ValidatedForm>
    </Modal>
  );
}

/**
 * The dialogs of one kind of record, opened by route state: add/edit (`editing` is "new" or the
 * record) with the kind's fields, and the delete confirmation (`deleting`).
 */
export function RecordDialogs<Record extends { id: number; name: string }, T extends { [fieldName: string]: unknown }>({
  form,
  listUrl,
  editing,
  deleting,
  titles: given,
  values,
  newValues = {},
  fields,
  deleteText,
}: {
  form: RecordForm<T>;
  listUrl: string;
  editing: Record | "new" | null;
  deleting: Record | null;
  /** The dialog titles: Add, Edit (or Rename) and Delete with the kind's noun, unless said otherwise. */
  titles?: Partial<{ add: string; edit: string; delete: string }>;
  /** The form's values for a record being edited. */
  values: (record: Record) => { [field: string]: unknown };
  newValues?: { [field: string]: unknown };
  fields: ReactNode;
  deleteText: (record: Record) => ReactNode;
}) {
  const titles = {
    add: `Add ${form.noun}`,
    edit: `${form.editVerb} ${form.noun}`,
    delete: `Delete ${form.noun}`,
    ...given,
  };
  return (
    <>
      {editing ? (
        <RecordFormModal
          title={editing === "new" ? titles.add : titles.edit}
          formId={form.formId}
          validator={form.validator}
          defaultValues={editing === "new" ? newValues : values(editing)}
          closeTo={listUrl}
          intent={form.saveIntent}
          id={editing === "new" ? null : editing.id}
        >
          {fields}
        </RecordFormModal>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={titles.delete}
          intent={form.deleteIntent}
          confirmLabel="Delete"
          cancelTo={listUrl}
          hidden={{ id: deleting.id }}
        >
          {deleteText(deleting)}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
