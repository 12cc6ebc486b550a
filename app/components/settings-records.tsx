import { Link } from "@remix-run/react";
import { ValidatedForm, type Validator } from "remix-validated-form";
import type { ReactNode } from "react";
import { FormError, SubmitButton } from "~/components/form";
import { Modal } from "~/components/modal";

export type RecordColumn<Row> = { title: string; render: (row: Row) => ReactNode };

/**
 * A company's short settings list (tags, lead sources, tax rates...): one row per record with
 * Edit and Delete links that open route-state dialogs, so everything works without JavaScript.
 */
export function RecordTable<Row extends { id: number }>({
  caption,
  columns,
  rows,
  name,
  editTo,
  deleteTo,
  editLabel = "Edit",
}: {
  caption: string;
  columns: RecordColumn<Row>[];
  rows: Row[];
  name: (row: Row) => string;
  editTo: (row: Row) => string;
  deleteTo: (row: Row) => string;
  editLabel?: string;
}) {
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.title} scope="col">
                {c.title}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length + 1} className="empty">
                No items
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id}>
                {columns.map((c) => (
                  <td key={c.title}>{c.render(row)}</td>
                ))}
                <td className="record-actions">
                  <Link to={editTo(row)} preventScrollReset aria-label={`${editLabel} ${name(row)}`}>
                    {editLabel}
                  </Link>
                  <Link
                    to={deleteTo(row)}
                    preventScrollReset
                    aria-label={`Delete ${name(row)}`}
                    className="danger-link"
                  >
                    Delete
                  </Link>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The add/edit dialog of a settings record: a route-state modal whose form posts `intent` (and the
 * record's id when editing) to the page's action; errors come back on the fields.
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
  intent: string;
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
        <input type="hidden" name="intent" value={intent} />
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
