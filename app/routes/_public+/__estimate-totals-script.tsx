import { computeTotals, lineAmountCents } from "~/models/line-items/totals";
import { formatMoney } from "~/utils/format";
import { useNonce } from "~/utils/nonce";

/**
 * The live totals of the approval form: on every change each option's totals are computed again by
 * the line-items module's own computeTotals (serialised into the page with it), and the amount to
 * approve follows the chosen option. The "Update total" button (the no-JavaScript path) goes.
 */
function estimateTotalsScript(totalsOf: typeof computeTotals, money: typeof formatMoney) {
  const form = document.querySelector<HTMLFormElement>("[data-estimate-form]");
  if (!form) return;
  const discount = Number(form.dataset.discount);
  const taxRate = Number(form.dataset.taxRate);
  const update = () => {
    const chosen =
      form.querySelector<HTMLInputElement>("input[name=optionId]:checked") ??
      form.querySelector<HTMLInputElement>("input[name=optionId]");
    form.querySelectorAll<HTMLElement>("[data-option]").forEach((option) => {
      const lines = Array.from(option.querySelectorAll<HTMLElement>("[data-line]"))
        .filter((line) => line.querySelector<HTMLInputElement>("input[type=checkbox]")?.checked ?? true)
        .map((line) => ({
          quantity: 1,
          unitPriceCents: Number(line.dataset.amount),
          isTaxable: line.dataset.taxable === "true",
        }));
      const totals = totalsOf(lines, discount, taxRate);
      const show = (name: string, text: string) => {
        const output = option.querySelector(`[data-total=${name}]`);
        if (output) output.textContent = text;
      };
      show("subtotal", money(totals.subtotalCents));
      show("discount", `-${money(totals.discountCents)}`);
      show("tax", money(totals.taxCents));
      show("total", money(totals.totalCents));
      if (chosen && option.dataset.option === chosen.value)
        form.querySelectorAll("[data-approve-total]").forEach((t) => (t.textContent = money(totals.totalCents)));
    });
  };
  form.addEventListener("change", update);
  form.querySelectorAll("[data-recompute]").forEach((button) => button.remove());
  update();
}

const script = `(function(){${lineAmountCents.toString()};${computeTotals.toString()};${formatMoney.toString()};(${estimateTotalsScript.toString()})(${computeTotals.name},${formatMoney.name})})()`;

export function EstimateTotalsScript() {
  return <script nonce={useNonce()} dangerouslySetInnerHTML={{ __html: script }} />;
}
