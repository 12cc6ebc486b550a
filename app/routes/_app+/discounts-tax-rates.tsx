import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import type { z } from "zod";
import { SelectField, TextField } from "~/components/form";
import { PageHeader } from "~/components/page-header";
import { AddRecordLink, recordForm, RecordDialogs, RecordTable } from "~/components/settings-records";
import { requireAccess, type CallerContext } from "~/access/access.server";
import {
  recordDialogs,
  recordMessages,
  recordSettingsAction,
  type RecordKind,
} from "~/routes/_app+/settings+/__record-settings.server";
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
  type TaxRateRow,
} from "~/models/company/company.server";
import settingsStyles from "~/styles/settings.css";
import { formatMoney } from "~/utils/format";
import { screens } from "~/access/route-table";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: settingsStyles }];

const LIST_URL = "/discounts-tax-rates";
// Two kinds on one page: each opens its dialogs with its own param and posts its own intents.
const taxRateForm = recordForm("tax-rate", withZod(taxRateSchema), {
  noun: "Tax Rate",
  editParam: "taxRate",
  saveIntent: "saveTaxRate",
  deleteIntent: "deleteTaxRate",
});
const discountForm = recordForm("discount", withZod(discountSchema), {
  noun: "Discount",
  editParam: "discount",
  saveIntent: "saveDiscount",
  deleteIntent: "deleteDiscount",
});

const taxRateRecords = (ctx: CallerContext): RecordKind<z.infer<typeof taxRateSchema>, TaxRateRow> => ({
  form: taxRateForm,
  get: (id) => getTaxRate(ctx, id),
  save: (input, id) => saveTaxRate(ctx, { ...input, id: id ?? undefined }),
  remove: (id) => deleteTaxRate(ctx, id),
  messages: recordMessages("Tax rate"),
});

const discountRecords = (ctx: CallerContext): RecordKind<z.infer<typeof discountSchema>, DiscountRow> => ({
  form: discountForm,
  get: (id) => getDiscount(ctx, id),
  save: (input, id) => saveDiscount(ctx, { ...input, id: id ?? undefined }),
  remove: (id) => deleteDiscount(ctx, id),
  messages: recordMessages("Discount"),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.discountsTaxRates);
  const [taxRates, discounts, taxRate, discount] = await Promise.all([
    listTaxRates(ctx),
    listDiscounts(ctx),
    recordDialogs(request, taxRateRecords(ctx)),
    recordDialogs(request, discountRecords(ctx)),
  ]);
  return json({
    taxRates,
    discounts,
    taxRate: taxRate.editing,
    discount: discount.editing,
    deletingTaxRate: taxRate.deleting,
    deletingDiscount: discount.deleting,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.discountsTaxRates);
  return recordSettingsAction(request, LIST_URL, [taxRateRecords(ctx), discountRecords(ctx)]);
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
            <AddRecordLink form={taxRateForm} listUrl={LIST_URL} />
          </div>
          <RecordTable
            form={taxRateForm}
            listUrl={LIST_URL}
            caption="Tax rates"
            columns={[
              { title: "Name", render: (t) => t.name },
              { title: "Rate", render: (t) => percent(t.rate) },
            ]}
            rows={taxRates}
            name={(t) => t.name}
          />
        </section>
        <section className="stack" aria-labelledby="discounts-title">
          <div className="section-header">
            <h2 id="discounts-title">Discounts</h2>
            <AddRecordLink form={discountForm} listUrl={LIST_URL} />
          </div>
          <RecordTable
            form={discountForm}
            listUrl={LIST_URL}
            caption="Discounts"
            columns={[
              { title: "Name", render: (d) => d.name },
              { title: "Value", render: discountValue },
            ]}
            rows={discounts}
            name={(d) => d.name}
          />
        </section>
      </div>
      <RecordDialogs
        form={taxRateForm}
        listUrl={LIST_URL}
        editing={taxRate}
        deleting={deletingTaxRate}
        values={(t) => ({ name: t.name, rate: String(t.rate) })}
        fields={
          <>
            <TextField name="name" label="Name" maxLength={100} autoComplete="off" />
            <TextField name="rate" label="Rate (%)" inputMode="decimal" hint="From 0 to 100, e.g. 8.25" />
          </>
        }
        deleteText={(t) => (
          <>
            The tax rate &apos;{t.name}&apos; will be completely deleted. Work already saved keeps the rate it was
            given.
          </>
        )}
      />
      <RecordDialogs
        form={discountForm}
        listUrl={LIST_URL}
        editing={discount}
        deleting={deletingDiscount}
        values={(d) => ({ name: d.name, type: d.type, value: String(d.value) })}
        newValues={{ type: DiscountType.Percentage }}
        fields={
          <>
            <TextField name="name" label="Name" maxLength={100} autoComplete="off" />
            <SelectField name="type" label="Type" options={discountTypeOptions} />
            <TextField
              name="value"
              label="Value"
              inputMode="decimal"
              hint="A percentage (0 to 100) or an amount in dollars"
            />
          </>
        }
        deleteText={(d) => (
          <>
            The discount &apos;{d.name}&apos; will be completely deleted. Work already saved keeps the discount it was
            given.
          </>
        )}
      />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Discounts & Tax Rates | Fieldwise" }];
