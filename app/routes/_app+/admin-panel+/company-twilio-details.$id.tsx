import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/page-header";
import { notFound, requireAccess } from "~/access/access.server";
import { getCompanyDetails, setTwoWayTextEnabled } from "~/models/admin/admin-panel.server";
import { AppFeature, hasAppFeature } from "~/access/features";
import { toasts } from "~/sessions.server";
import employeeStyles from "~/styles/employees.css";
import { unknownIntent } from "~/http/forms.server";
import { screens } from "~/access/route-table";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: employeeStyles }];

const companyId = (params: { id?: string }) => (/^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : notFound());

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.adminPanel.companyTwilio);
  const company = await getCompanyDetails(ctx, companyId(params));
  if (!company) notFound();
  return json({
    company: {
      id: company.id,
      businessName: company.businessName,
      businessPhoneNumber: company.businessPhoneNumber,
      messagingReady: company.messagingReady,
      twoWayTextEnabled: company.twoWayTextEnabled,
      twoWayTextFeature: hasAppFeature(company.featureFlags, AppFeature.TwoWayText),
    },
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.adminPanel.companyTwilio);
  const id = companyId(params);
  const formData = await request.formData();
  if (formData.get("intent") !== "two-way-text") unknownIntent();
  const enabled = formData.get("enabled") === "true";
  if (!(await setTwoWayTextEnabled(access.ctx, id, enabled))) notFound();
  return toasts().redirectWithSuccess(
    `/admin-panel/company-twilio-details/${id}`,
    enabled ? "Two-way text was enabled" : "Two-way text was disabled",
  );
}

export default function CompanyTwilioDetailsRoute() {
  const { company } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader
        title={`${company.businessName}: Twilio`}
        breadcrumb={{ label: company.businessName, to: `/admin-panel/company-details/${company.id}` }}
      />
      <section className="card stack" aria-labelledby="twilio-state">
        <h2 id="twilio-state">Text messaging</h2>
        <dl className="facts">
          <dt>Messaging ready</dt>
          <dd>{company.messagingReady ? "Yes" : "No"}</dd>
          <dt>Business phone</dt>
          <dd>{company.businessPhoneNumber ?? "None"}</dd>
          <dt>Two-way text feature</dt>
          <dd>{company.twoWayTextFeature ? "On" : "Off (turn it on under Application features)"}</dd>
          <dt>Two-way text enabled</dt>
          <dd>{company.twoWayTextEnabled ? "Yes" : "No"}</dd>
        </dl>
        {company.messagingReady ? null : (
          <p className="alert alert-warning">
            Messaging is not set up for this company: its text messages are kept in the outbox and not sent.
            Registration details (brand, campaign, phone numbers) are shown on the company&apos;s two-way text settings
            once it registers.
          </p>
        )}
        <Form method="post" className="row">
          <input type="hidden" name="enabled" value={company.twoWayTextEnabled ? "false" : "true"} />
          <button
            type="submit"
            name="intent"
            value="two-way-text"
            className={`button ${company.twoWayTextEnabled ? "" : "button-primary"}`}
          >
            {company.twoWayTextEnabled ? "Disable Two-Way Text" : "Enable Two-Way Text"}
          </button>
        </Form>
      </section>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Twilio Details | Admin Panel | Fieldwise" }];
