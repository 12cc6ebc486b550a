import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { DataTable, type Column } from "~/components/data-table";
import { ExpenseForm } from "~/components/expense-form";
import { ListFilterForm } from "~/components/list-filter-form";
import { Modal } from "~/components/modal";
import { PageHeader } from "~/components/page-header";
import { notFound, requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { currencyFor } from "~/models/company/company.schema";
import { EXPENSE_SORT_FIELDS, relatedTypeLabel } from "~/models/expenses/expenses.schema";
import { deleteExpense, getExpense, pageExpenses, type ExpenseRow } from "~/models/expenses/expenses.server";
import { expenseDialog, saveExpenseFromForm, withExpenseForm } from "~/routes/_app+/__expense-form.server";
import { unknownIntent } from "~/http/forms.server";
import { recordId } from "~/http/record-id";
import { safeRedirect, toasts } from "~/sessions.server";
import { DATE_SHORT, dayjs, formatMoney } from "~/utils/format";
import { readListParams, type ListParams } from "~/utils/list-params";

const LIST_PATH = "/expense-tracking";

/** The list's own state (search, sort, page), kept by the dialogs and by "Cancel". */
function listQuery(params: ListParams): string {
  const query = new URLSearchParams();
  if (params.search) query.set("q", params.search);
  if (params.sort) {
    query.set("sort", params.sort.fieldName);
    query.set("order", params.sort.descending ? "desc" : "asc");
  }
  if (params.page > 1) query.set("page", String(params.page));
  if (params.pageSize !== 10) query.set("pageSize", String(params.pageSize));
  return query.toString();
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.expenseTracking);
  const url = new URL(request.url);
  const params = readListParams(url, EXPENSE_SORT_FIELDS);
  const today = dayjs().tz(company.timezone).format("YYYY-MM-DD");
  const deleteId = url.searchParams.get("delete");
  const [page, dialog, deleting] = await Promise.all([
    pageExpenses(ctx, {
      search: params.search,
      pageNumber: params.page,
      pageSize: params.pageSize,
      sort: params.sort,
    }),
    expenseDialog(ctx, url, today),
    deleteId === null ? null : getExpense(ctx, recordId(deleteId) ?? 0),
  ]);
  if (deleteId !== null && !deleting) notFound();
  return json({
    ...page,
    params,
    list: listQuery(params),
    currency: currencyFor(company.country),
    dialog,
    deleting,
    returnTo: safeRedirect(url.searchParams.get("returnTo"), ""),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.expenseTracking);
  const url = new URL(request.url);
  return withExpenseForm(request, async (form) => {
    const list = listQuery(readListParams(url));
    const back = safeRedirect(form.get("returnTo"), list ? `${LIST_PATH}?${list}` : LIST_PATH);
    const intent = form.get("intent");
    if (intent === "save") {
      const param = form.get("expense");
      const existing = param === "new" ? null : await getExpense(ctx, recordId(param) ?? 0);
      if (param !== "new" && !existing) notFound();
      return saveExpenseFromForm(ctx, form, existing, (created) =>
        toasts().redirectWithSuccess(
          back,
          created ? "Expense was created successfully!" : "Expense was saved successfully!",
        ),
      );
    }
    if (intent === "delete") {
      if (!(await deleteExpense(ctx, recordId(form.get("id")) ?? 0))) notFound();
      return toasts().redirectWithSuccess(back, "Expense was deleted");
    }
    return unknownIntent();
  });
}

export default function ExpenseTrackingRoute() {
  const { items, total, totalCents, params, list, currency, dialog, deleting, returnTo } =
    useLoaderData<typeof loader>();
  const listUrl = list ? `${LIST_PATH}?${list}` : LIST_PATH;
  const open = (name: "expense" | "delete", value: string | number) => {
    const query = new URLSearchParams(list);
    query.set(name, String(value));
    return `${LIST_PATH}?${query}`;
  };
  const columns: Column<ExpenseRow>[] = [
    { title: "Date", fieldName: "date", render: (e) => dayjs(e.date).format(DATE_SHORT) },
    { title: "Amount", fieldName: "amount", render: (e) => formatMoney(e.amountCents) },
    { title: "Expense Code", fieldName: "expenseCode", render: (e) => e.expenseCodeName ?? "" },
    { title: "Description", render: (e) => e.description ?? "", truncate: true },
    { title: "Spent by", fieldName: "employee", render: (e) => e.employeeName ?? "" },
    {
      title: "Related to",
      render: (e) => (e.relatedEntityName ? `${relatedTypeLabel(e.relatedEntityType)}: ${e.relatedEntityName}` : ""),
    },
    {
      title: "Receipt",
      render: (e) =>
        e.receiptUrl ? (
          <a href={e.receiptUrl} target="_blank" rel="noreferrer">
            View receipt
          </a>
        ) : (
          ""
        ),
    },
    {
      title: "Actions",
      render: (e) => (
        <span className="row">
          <Link to={open("expense", e.id)} preventScrollReset aria-label={`Edit expense of ${e.date}`}>
            Edit
          </Link>
          <Link to={open("delete", e.id)} preventScrollReset aria-label={`Delete expense of ${e.date}`}>
            Delete
          </Link>
        </span>
      ),
    },
  ];
  const closeTo = returnTo || listUrl;
  return (
    <>
      <PageHeader
        title="Expenses"
        actions={
          <>
            <a
              className="button"
              href={`/api/expenses/export-csv${params.search ? `?${new URLSearchParams({ searchQuery: params.search })}` : ""}`}
              download
            >
              Export CSV
            </a>
            <Link className="button button-primary" to={open("expense", "new")} preventScrollReset>
              Add Expense
            </Link>
          </>
        }
      />
      <ListFilterForm
        search={{
          id: "expense-search",
          label: "Search expenses",
          labelHidden: true,
          placeholder: "Description or code",
        }}
        submitLabel="Search"
        params={params}
        clearTo={params.search ? LIST_PATH : null}
      />
      <p>
        Total: <strong>{formatMoney(totalCents)}</strong> {currency} in {total} expense{total === 1 ? "" : "s"}
      </p>
      <DataTable columns={columns} rows={items} total={total} params={params} caption="Expenses" />
      {dialog ? (
        <Modal title={dialog.expense ? "Edit Expense" : "Add Expense"} closeTo={closeTo}>
          <ExpenseForm
            values={dialog.values}
            codes={dialog.codes}
            employees={dialog.employees}
            relatedOptions={dialog.relatedOptions}
            receiptUrl={dialog.expense?.receiptUrl ?? null}
            currency={currency}
            hidden={{
              intent: "save",
              expense: dialog.expense ? String(dialog.expense.id) : "new",
              ...(returnTo ? { returnTo } : {}),
              ...Object.fromEntries(new URLSearchParams(list)),
            }}
            cancelTo={closeTo}
            submitLabel={dialog.expense ? "Save" : "Add Expense"}
          />
        </Modal>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title="Delete Expense"
          intent="delete"
          confirmLabel="Delete"
          cancelTo={listUrl}
          hidden={{ id: deleting.id }}
        >
          The expense of {formatMoney(deleting.amountCents)} on {dayjs(deleting.date).format(DATE_SHORT)}
          {deleting.expenseCodeName ? ` (${deleting.expenseCodeName})` : ""} will be completely deleted.
        </ConfirmDialog>
      ) : null}
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Expenses | Fieldwise" }];
