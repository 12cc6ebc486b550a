import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { notFound, requireAccess } from "~/access/access.server";
import { readsCosts } from "~/access/roles";
import { screens } from "~/access/route-table";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { PageHeader } from "~/components/page-header";
import { ServicePlanForm, type PlanFormValues } from "~/components/service-plan-form";
import { deleteOrRefuse } from "~/http/forms.server";
import { listItems } from "~/models/price-book/price-book.server";
import {
  archiveServicePlan,
  createServicePlan,
  deleteServicePlan,
  getServicePlan,
  isPlanSold,
  restoreServicePlan,
  servicePlanExists,
  updateServicePlan,
} from "~/models/service-plans/plans.server";
import { RuleError } from "~/models/rules";
import { NEW_PLAN_VALUES, planFormAction, planFormValues } from "~/routes/_app+/__service-plan-form.server";
import { toasts } from "~/sessions.server";

const LIST = "/service-plans/plans-we-offer";

type ActionData = { values?: PlanFormValues; errors?: Record<string, string>; revision?: string; message?: string };

/** "new", or the id of a plan; anything else is 404. */
function planIdOf(value: string | undefined): number | "new" {
  if (value === "new") return "new";
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : notFound();
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.servicePlans.details);
  const id = planIdOf(params.id);
  const plan = id === "new" ? null : await getServicePlan(ctx, id);
  if (id !== "new" && !plan) notFound();
  const [items, sold] = await Promise.all([listItems(ctx, {}), plan ? isPlanSold(ctx, plan.id) : false]);
  const confirm = new URL(request.url).searchParams.get("confirm");
  return json({
    plan: plan && { id: plan.id, name: plan.name, archived: plan.archivedAt !== null, sold },
    values: plan ? planFormValues(plan) : NEW_PLAN_VALUES,
    priceItems: items.map((i) => ({ id: i.id, name: i.name, priceCents: i.priceCents })),
    showCosts: readsCosts(ctx.role),
    confirm: plan && (confirm === "archive" || (confirm === "delete" && !sold)) ? confirm : null,
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.servicePlans.details);
  const id = planIdOf(params.id);
  // Another company's plan answers 404 before anything is read or checked.
  if (id !== "new" && !(await servicePlanExists(ctx, id))) notFound();
  const form = await request.formData();
  const intent = form.get("intent");
  if (id !== "new" && intent === "archive") {
    if (!(await archiveServicePlan(ctx, id))) notFound();
    return toasts().redirectWithSuccess(LIST, "The plan was archived. Plans already sold keep their terms.");
  }
  if (id !== "new" && intent === "restore") {
    try {
      if (!(await restoreServicePlan(ctx, id))) notFound();
    } catch (error) {
      if (error instanceof RuleError) return toasts().redirectWithError(`/service-plan/${id}`, error.message);
      throw error;
    }
    return toasts().redirectWithSuccess(`/service-plan/${id}`, "The plan is offered again.");
  }
  if (id !== "new" && intent === "delete")
    return deleteOrRefuse(LIST, () => deleteServicePlan(ctx, id), "The plan was deleted.");
  return planFormAction(ctx, form, async (input) => {
    if (id === "new") await createServicePlan(ctx, input);
    else if (!(await updateServicePlan(ctx, id, input))) notFound();
    return toasts().redirectWithSuccess(LIST, `The plan "${input.name}" was saved.`);
  });
}

/** A plan we offer: its terms, price table and visits; new at /service-plan/new. */
export default function ServicePlanRoute() {
  const { plan, values, priceItems, showCosts, confirm } = useLoaderData<typeof loader>();
  const posted = useActionData<ActionData>();
  const here = useLocation().pathname;
  const title = plan ? plan.name : "New Plan";
  return (
    <>
      <PageHeader
        title={title}
        badge={plan?.archived ? <span className="badge badge-warning">Archived</span> : null}
        breadcrumb={{ label: "Plans we offer", to: LIST }}
        actions={
          plan ? (
            plan.archived ? (
              <Form method="post">
                <button type="submit" name="intent" value="restore" className="button">
                  Offer again
                </button>
              </Form>
            ) : (
              <>
                <Link className="button" to="?confirm=archive" preventScrollReset>
                  Archive
                </Link>
                {plan.sold ? null : (
                  <Link className="button button-danger" to="?confirm=delete" preventScrollReset>
                    Delete
                  </Link>
                )}
              </>
            )
          ) : null
        }
      />
      {posted?.message ? (
        <p className="form-error" role="alert">
          {posted.message}
        </p>
      ) : null}
      <ServicePlanForm
        key={posted?.revision ?? plan?.id ?? "new"}
        values={posted?.values ?? values}
        errors={posted?.errors ?? {}}
        priceItems={priceItems}
        showCosts={showCosts}
        submitLabel={plan ? "Save" : "Create plan"}
        cancelTo={LIST}
      />
      {confirm === "archive" ? (
        <ConfirmDialog title="Archive plan" intent="archive" confirmLabel="Archive" cancelTo={here}>
          <p>{plan?.name} will no longer be offered. Customers who bought it keep their plan and its terms.</p>
        </ConfirmDialog>
      ) : null}
      {confirm === "delete" ? (
        <ConfirmDialog title="Delete plan" intent="delete" confirmLabel="Delete" cancelTo={here}>
          <p>{plan?.name} was never sold and will be deleted with its visits.</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.plan?.name ?? "New Plan"} | Fieldwise` },
];
