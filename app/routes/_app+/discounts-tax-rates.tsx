import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { SelectField, TextField } from "~/components/form";
import { PageHeader } from "~/components/page-header";
import { RecordFormModal, RecordTable } from "~/components/settings-records";
import { notFound, requireAccess } from "~/access/access.server";
import {
  deleteOrRefuse,
  openedRecord,
  recordId,
  requireRecord,
  saveWithRuleErrors,
} from "~/routes/_app+/__company-forms.server";
import { discountSchema, DiscountType, discountTypeOptions, taxRateSchema } from "~/models/company/company.schema";
import {
  deleteDiscount,
  deleteTaxRate,
  getDiscount,
  getTaxRate,
  listDiscounts,
  listTaxRates,
  saveDiscount,
  saveTaxRate,
  type DiscountRow,
} from "~/models/company/company.server";
import { toasts } from "~/sessions.server";
import settingsStyles from "~/styles/settings.css";
import { formatMoney } from "~/utils/format";
import { unknownIntent, validateForm } from "~/http/forms.server";
import { screens } from "~/access/route-table";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: settingsStyles }];

const LIST_URL = "/discounts-tax-rates";
const TAX_RATE_FORM = "tax-rate";
const DISCOUNT_FORM = "discount";
const taxRateValidator = withZod(taxRateSchema);
const discountValidator = withZod(discountSchema);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.discountsTaxRates);
  const search = new URL(request.url).searchParams;
  const confirm = search.get("confirm");
  const [taxRates, discounts, taxRate, discount, deletingTaxRate, deletingDiscount] = await Promise.all([
    listTaxRates(ctx),
    listDiscounts(ctx),
    openedRecord(search.get("taxRate"), (id) => getTaxRate(ctx, id)),
    openedRecord(search.get("discount"), (id) => getDiscount(ctx, id)),
    confirm === "deleteTaxRate" ? requireRecord(search.get("id"), (id) => getTaxRate(ctx, id)) : null,
    confirm === "deleteDiscount" ? requireRecord(search.get("id"), (id) => getDiscount(ctx, id)) : null,
  ]);
  return json({ taxRates, discounts, taxRate, discount, deletingTaxRate, deletingDiscount });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.discountsTaxRates);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const id = recordId(formData.get("id")) ?? undefined;
  if (intent === "saveTaxRate") {
    const input = await validateForm(formData, taxRateValidator, TAX_RATE_FORM);
    if (!(await saveWithRuleErrors(formData, TAX_RATE_FORM, () => saveTaxRate(ctx, { ...input, id })))) notFound();
    return toasts().redirectWithSuccess(
      LIST_URL,
      id ? "Tax rate was saved successfully!" : "Tax rate was created successfully!",
    );
  }
  if (intent === "saveDiscount") {
    const input = await validateForm(formData, discountValidator, DISCOUNT_FORM);
    if (!(await saveWithRuleErrors(formData, DISCOUNT_FORM, () => saveDiscount(ctx, { ...input, id })))) notFound();
    return toasts().redirectWithSuccess(
      LIST_URL,
      id ? "Discount was saved successfully!" : "Discount was created successfully!",
    );
  }
  if (intent === "deleteTaxRate")
    return (await deleteOrRefuse(LIST_URL, () => deleteTaxRate(ctx, id ?? 0), "Tax rate was deleted")) ?? notFound();
  if (intent === "deleteDiscount")
    return (await deleteOrRefuse(LIST_URL, () => deleteDiscount(ctx, id ?? 0), "Discount was deleted")) ?? notFound();
  return unknownIntent();
}

const percent = (value: number) => `${Number(value.toFixed(3))}%`;
const discountValue = (d: Pick<DiscountRow, "type" | "value">) =>
  d.type === DiscountType.Percentage ? percent(d.value) : formatMoney(Math.round(d.value * 100));

export default function DiscountsTaxRatesRoute() {
  const { taxRates, discounts, taxRate, discount, deletingTaxRate, deletingDiscount } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Discounts & Tax Rates" breadcrumb={{ label: "Settings", to: "/settings" }} />
      <div className="grid-2">
        <section className="stack" aria-labelledby="tax-rates-title">
          <div className="section-header">
            <h2 id="tax-rates-title">Tax Rates</h2>
            <Link className="button button-primary" to="?taxRate=new" preventScrollReset>
              Add Tax Rate
            </Link>
          </div>
          <RecordTable
            caption="Tax rates"
            columns={[
              { title: "Name", render: (t) => t.name },
              { title: "Rate", render: (t) => percent(t.rate) },
            ]}
            rows={taxRates}
            name={(t) => t.name}
            editTo={(t) => `?taxRate=${t.id}`}
            deleteTo={(t) => `?confirm=deleteTaxRate&id=${t.id}`}
          />
        </section>
        <section className="stack" aria-labelledby="discounts-title">
          <div className="section-header">
            <h2 id="discounts-title">Discounts</h2>
            <Link className="button button-primary" to="?discount=new" preventScrollReset>
              Add Discount
            </Link>
          </div>
          <RecordTable
            caption="Discounts"
            columns={[
              { title: "Name", render: (d) => d.name },
              { title: "Value", render: discountValue },
            ]}
            rows={discounts}
            name={(d) => d.name}
            editTo={(d) => `?discount=${d.id}`}
            deleteTo={(d) => `?confirm=deleteDiscount&id=${d.id}`}
          />
        </section>
      </div>
      {taxRate ? (
        <RecordFormModal
          title={taxRate === "new" ? "Add Tax Rate" : "Edit Tax Rate"}
          formId={TAX_RATE_FORM}
          validator={taxRateValidator}
          defaultValues={taxRate === "new" ? {} : { name: taxRate.name, rate: String(taxRate.rate) }}
          closeTo={LIST_URL}
          intent="saveTaxRate"
          id={taxRate === "new" ? null : taxRate.id}
        >
          <TextField name="name" label="Name" maxLength={100} autoComplete="off" />
          <TextField name="rate" label="Rate (%)" inputMode="decimal" hint="From 0 to 100, e.g. 8.25" />
        </RecordFormModal>
      ) : null}
      {discount ? (
        <RecordFormModal
          title={discount === "new" ? "Add Discount" : "Edit Discount"}
          formId={DISCOUNT_FORM}
          validator={discountValidator}
          defaultValues={
            discount === "new"
              ? { type: DiscountType.Percentage }
              : { name: discount.name, type: discount.type, value: String(discount.value) }
          }
          closeTo={LIST_URL}
          intent="saveDiscount"
          id={discount === "new" ? null : discount.id}
        >
          <TextField name="name" label="Name" maxLength={100} autoComplete="off" />
          <SelectField name="type" label="Type" options={discountTypeOptions} />
          <TextField
            name="value"
            label="Value"
            inputMode="decimal"
            hint="A percentage (0 to 100) or an amount in dollars"
          />
        </RecordFormModal>
      ) : null}
      {deletingTaxRate ? (
        <ConfirmDialog
          title="Delete Tax Rate"
          intent="deleteTaxRate"
          confirmLabel="Delete"
          cancelTo={LIST_URL}
          hidden={{ id: deletingTaxRate.id }}
        >
          The tax rate &apos;{deletingTaxRate.name}&apos; will be completely deleted. Work already saved keeps the rate
          it was given.
        </ConfirmDialog>
      ) : null}
      {deletingDiscount ? (
        <ConfirmDialog
          title="Delete Discount"
          intent="deleteDiscount"
          confirmLabel="Delete"
          cancelTo={LIST_URL}
          hidden={{ id: deletingDiscount.id }}
        >
          The discount &apos;{deletingDiscount.name}&apos; will be completely deleted. Work already saved keeps the
          discount it was given.
        </ConfirmDialog>
      ) : null}
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Discounts & Tax Rates | Fieldwise" }];
