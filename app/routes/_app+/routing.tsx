import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { FieldError } from "~/components/form";
import { PageHeader } from "~/components/page-header";
import { RoutingPlan } from "~/components/routing/routing-plan";
import { RoutingSettingsForm, type PostedRoutingSettings } from "~/components/routing/routing-settings-form";
import settingsStyles from "~/styles/settings.css";
import { routingAction, routingPage } from "./__routing.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: settingsStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.routing);
  return json(await routingPage(ctx, new URL(request.url), company.timezone));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.routing);
  return routingAction(ctx, await request.formData(), company.timezone);
}

type ActionData =
  ({ form: "settings" } & PostedRoutingSettings) | ({ form: "apply" } & PostedRoutingSettings) | undefined;

/** Route optimisation: the settings, a day's proposed routes per technician, and Apply. */
export default function RoutingRoute() {
  const { settings, date, reassign, dateError, plan, planError, mapsApiKey } = useLoaderData<typeof loader>();
  const posted = useActionData<ActionData>();
  const applyError = posted?.form === "apply" ? Object.values(posted.errors)[0] : undefined;
  return (
    <>
      <PageHeader title="Route optimisation" breadcrumb={{ label: "Settings", to: "/settings" }} />
      <p className="muted">
        Orders each technician&apos;s visits of a day to drive less, within the visits&apos; arrival windows and your
        working hours.
      </p>
      <div className="grid-2">
        <RoutingSettingsForm settings={settings} posted={posted?.form === "settings" ? posted : undefined} />
        <section className="card stack" aria-labelledby="day-title">
          <h2 id="day-title">Plan a day</h2>
          {settings.isEnabled ? (
            <Form method="get" className="stack" aria-label="Plan a day">
              <div className="field">
                <label htmlFor="routing-date">Day</label>
                <input
                  id="routing-date"
                  type="date"
                  name="date"
                  defaultValue={date}
                  required
                  aria-invalid={dateError ? true : undefined}
                  aria-describedby={dateError ? "routing-date-error" : undefined}
                />
                <FieldError id="routing-date-error" error={dateError} />
              </div>
              <label className="checkbox" htmlFor="routing-reassign">
                <input id="routing-reassign" type="checkbox" name="reassign" defaultChecked={reassign} />
                Let visits move between technicians
              </label>
              <div className="form-actions">
                <button type="submit" className="button button-primary" name="plan" value="1">
                  Plan routes
                </button>
              </div>
            </Form>
          ) : (
            <p>Route optimisation is off. Check &quot;Plan my technicians&apos; routes&quot; and save to turn it on.</p>
          )}
        </section>
      </div>
      {applyError ? (
        <p className="form-error" role="alert">
          {applyError}
        </p>
      ) : null}
      {planError ? (
        <p className="form-error" role="alert">
          {planError}
        </p>
      ) : null}
      {plan ? <RoutingPlan plan={plan} apiKey={mapsApiKey} /> : null}
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Route optimisation | Fieldwise" }];
