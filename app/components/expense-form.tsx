import { Link, useFetcher } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useEffect, useRef, useState } from "react";
import { ValidatedForm } from "remix-validated-form";
import {
  DefaultSubmitButton,
  CheckboxField,
  FormError,
  ImageField,
  PlainTextField,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
  type Option,
} from "~/components/form";
import {
  EXPENSE_DESCRIPTION_MAX,
  EXPENSE_FORM_ID,
  expenseFormSchema,
  relatedTypeOptions,
} from "~/models/expenses/expenses.schema";
import { useHydrated } from "~/utils/use-hydrated";

const validator = withZod(expenseFormSchema);

type Related = { id: number; name: string };

/**
 * Add or edit an expense: one multipart form (the receipt goes with the fields). The related
 * record is searched without JavaScript by "Find" (a GET of the same form, so the typed values stay
 * and the page offers the matches); with JavaScript the matches follow the typing.
 */
export function ExpenseForm({
  values,
  codes,
  employees,
  relatedOptions,
  receiptUrl,
  currency,
  hidden,
  cancelTo,
  submitLabel,
}: {
  values: Record<string, string>;
  codes: Option[];
  employees: Option[];
  relatedOptions: Related[];
  receiptUrl: string | null;
  currency: string;
  /** State the form carries along: which dialog, where to return, the list's state. */
  hidden: Record<string, string>;
  cancelTo: string;
  submitLabel: string;
}) {
  return (
    <ValidatedForm
      id={EXPENSE_FORM_ID}
      validator={validator}
      method="post"
      encType="multipart/form-data"
      defaultValues={values as never}
      className="stack"
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {/* Enter in a field saves: a form's first submit button is its default one, and Find comes before Save. */}
      <DefaultSubmitButton />
      <FormError formId={EXPENSE_FORM_ID} />
      <div className="grid-2">
        <TextField formId={EXPENSE_FORM_ID} name="date" label="Date" type="date" />
        <TextField formId={EXPENSE_FORM_ID} name="amount" label={`Amount (${currency})`} inputMode="decimal" />
      </div>
      <SelectField
        formId={EXPENSE_FORM_ID}
        name="expenseCodeId"
        label="Expense Code"
        options={codes}
        placeholder="No code"
      />
      <TextareaField
        formId={EXPENSE_FORM_ID}
        name="description"
        label="Description"
        rows={3}
        maxLength={EXPENSE_DESCRIPTION_MAX}
      />
      <SelectField
        formId={EXPENSE_FORM_ID}
        name="employeeId"
        label="Spent by"
        options={employees}
        placeholder="Choose an employee"
      />
      <RelatedFields
        type={values.relatedEntityType ?? ""}
        search={values.relatedSearch ?? ""}
        initialOptions={relatedOptions}
      />
      <ImageField
        name="receipt"
        label="Receipt"
        currentUrl={receiptUrl}
        hint="A photo of the receipt: JPEG, PNG, HEIC or HEIF up to 10 MB."
      />
      {receiptUrl ? <CheckboxField name="removeReceipt" label="Remove the current receipt" /> : null}
      <div className="modal-actions">
        <Link className="button" to={cancelTo} preventScrollReset>
          Cancel
        </Link>
        <SubmitButton formId={EXPENSE_FORM_ID} busyText="Saving...">
          {submitLabel}
        </SubmitButton>
      </div>
    </ValidatedForm>
  );
}

const SEARCH_DELAY_MS = 250;

function RelatedFields({
  type: initialType,
  search,
  initialOptions,
}: {
  type: string;
  search: string;
  initialOptions: Related[];
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ data: Related[] }>();
  const [type, setType] = useState(initialType);
  const [query, setQuery] = useState(search);
  const first = useRef(true);
  const { load } = fetcher;
  useEffect(() => {
    // The first render shows the server's options; later changes of type or search ask the API.
    if (first.current) {
      first.current = false;
      return;
    }
    if (type === "") return;
    const timer = setTimeout(() => {
      const params = new URLSearchParams({ entityType: type, searchQuery: query, limit: "20" });
      load(`/api/expenses/search-related-entities?${params}`);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [type, query, load]);
  const options = type === "" ? [] : (fetcher.data?.data ?? (type === initialType ? initialOptions : []));
  return (
    <fieldset className="stack">
      <legend>Related to</legend>
      <div className="grid-2">
        <SelectField
          formId={EXPENSE_FORM_ID}
          name="relatedEntityType"
          label="Type"
          options={relatedTypeOptions}
          placeholder="Nothing"
          onChange={(e) => setType(e.currentTarget.value)}
        />
        <PlainTextField
          id="expense-related-search"
          name="relatedSearch"
          label="Find the record"
          type="search"
          defaultValue={search}
          placeholder="Name or number"
          onChange={(e) => setQuery(e.currentTarget.value)}
        >
          {hydrated ? null : (
            <button type="submit" className="button" name="find" value="1" formMethod="get" formNoValidate>
              Find
            </button>
          )}
        </PlainTextField>
      </div>
      <SelectField
        formId={EXPENSE_FORM_ID}
        name="relatedEntityId"
        label="Record"
        options={options.map((o) => ({ value: o.id, label: o.name }))}
        placeholder={type === "" ? "Choose a type first" : options.length ? "Choose one" : "No matches: find again"}
      />
    </fieldset>
  );
}
