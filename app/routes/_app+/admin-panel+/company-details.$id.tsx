import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { ValidatedForm } from "remix-validated-form";
import { EmployeeAvatar } from "~/components/employee-form";
import { FormError, SelectField, SubmitButton, TextField } from "~/components/form";
import { PageHeader } from "~/components/page-header";
import { notFound, requireAccess } from "~/access/access.server";
import { ShadowLogInError, startShadowLogIn } from "~/access/account-sessions.server";
import { subscriptionFormSchema, subscriptionStatusLabels } from "~/models/admin/admin-panel.schema";
import {
  featureFlagsFormSchema,
  getCompanyDetails,
  listPlans,
  updateFeatureFlags,
  updateSubscription,
  type CompanyDetails,
} from "~/models/admin/admin-panel.server";
import { appFeatureLabels, hasAppFeature, type AppFeatureBit } from "~/access/features";
import { homePathFor, Role, roleLabels } from "~/access/roles";
import { toasts } from "~/sessions.server";
import employeeStyles from "~/styles/employees.css";
import { submitForm, unknownIntent } from "~/http/forms.server";
import { DATE_SHORT, dayjs } from "~/utils/format";
import { screens } from "~/access/route-table";

const SUBSCRIPTION_FORM_ID = "subscription-form";
const subscriptionValidator = withZod(subscriptionFormSchema);

export const links: LinksFunction = () => [{ rel: "stylesheet", href: employeeStyles }];

const companyId = (params: { id?: string }) => (/^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : notFound());

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.adminPanel.company);
  const [company, plans] = await Promise.all([getCompanyDetails(ctx, companyId(params)), listPlans()]);
  if (!company) notFound();
  return json({ company, plans });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.adminPanel.company);
  const id = companyId(params);
  const here = `/admin-panel/company-details/${id}`;
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "subscription": {
      return submitForm(formData, subscriptionValidator, SUBSCRIPTION_FORM_ID, async (input) => {
        if (!(await updateSubscription(access.ctx, id, input))) notFound();
        return toasts().redirectWithSuccess(here, "Subscription was updated successfully!");
      });
    }
    case "features": {
      const parsed = featureFlagsFormSchema.safeParse({ features: formData.getAll("features") });
      if (!parsed.success) return json({ message: "Unknown feature" }, { status: 400 });
      if (!(await updateFeatureFlags(access.ctx, id, parsed.data.features))) notFound();
      return toasts().redirectWithSuccess(here, "Features were updated successfully!");
    }
    case "shadow": {
      const userId = Number(formData.get("userId"));
      const company = await getCompanyDetails(access.ctx, id);
      const target = company?.users.find((u) => u.id === userId && !u.deletedAt);
      if (!target) notFound();
      try {
        const cookie = await startShadowLogIn(request, access, target.id);
        if (!cookie) notFound();
        return redirect(homePathFor(target.role), { headers: { "Set-Cookie": cookie } });
      } catch (error) {
        if (error instanceof ShadowLogInError) return toasts().redirectWithError(here, error.message);
        throw error;
      }
    }
    default:
      return unknownIntent();
  }
}

const formatDate = (iso: string | null) => (iso ? dayjs.utc(iso).format(DATE_SHORT) : "Not set");
const dateInput = (iso: string | null) => (iso ? dayjs.utc(iso).format("YYYY-MM-DD") : "");

export default function CompanyDetailsRoute() {
  const { company, plans } = useLoaderData<typeof loader>();
  const bits = Object.keys(appFeatureLabels).map(Number) as AppFeatureBit[];
  return (
    <>
      <PageHeader
        title={company.businessName}
        breadcrumb={{ label: "Admin Panel", to: "/admin-panel" }}
        actions={
          <>
            <Link className="button" to={`/admin-panel/impersonation-log?companyId=${company.id}`}>
              Impersonation Log
            </Link>
            <Link className="button" to={`/admin-panel/company-twilio-details/${company.id}`}>
              Twilio Details
            </Link>
          </>
        }
      />
      <div className="details-grid">
        <section className="card stack" aria-labelledby="company-facts">
          <h2 id="company-facts">Company</h2>
          <dl className="facts">
            <dt>Admin email</dt>
            <dd>{company.adminEmail ?? company.email ?? "None"}</dd>
            <dt>Country</dt>
            <dd>{company.country}</dd>
            <dt>Plan</dt>
            <dd>{company.planName ?? "No plan"}</dd>
            <dt>Status</dt>
            <dd>{company.status === null ? "No plan" : subscriptionStatusLabels[company.status]}</dd>
            <dt>Trial expiration</dt>
            <dd>{formatDate(company.trialExpiration)}</dd>
            <dt>Expiration date</dt>
            <dd>{formatDate(company.expirationDate)}</dd>
            <dt>Users</dt>
            <dd>{company.userCount}</dd>
            <dt>Created</dt>
            <dd>{formatDate(company.createdAt)}</dd>
          </dl>
        </section>

        <section className="card stack" aria-labelledby="subscription-title">
          <h2 id="subscription-title">Subscription</h2>
          <ValidatedForm
            id={SUBSCRIPTION_FORM_ID}
            validator={subscriptionValidator}
            method="post"
            className="form"
            defaultValues={{
              planId: company.planId ?? undefined,
              status: company.status ?? 1,
              trialExpiration: dateInput(company.trialExpiration),
              expirationDate: dateInput(company.expirationDate),
            }}
          >
            <input type="hidden" name="intent" value="subscription" />
            <FormError />
            <SelectField
              name="planId"
              label="Plan"
              options={plans.map((p) => ({ value: p.id, label: `${p.label} (${p.employeeLimit} employees)` }))}
              placeholder="Choose a plan"
            />
            <SelectField
              name="status"
              label="Status"
              options={Object.entries(subscriptionStatusLabels).map(([value, label]) => ({ value, label }))}
            />
            <TextField
              name="trialExpiration"
              label="Trial expiration"
              type="date"
              hint="The trial ends at the end of this day (UTC)."
            />
            <TextField
              name="expirationDate"
              label="Expiration date"
              type="date"
              hint="Leave empty for no expiration."
            />
            <div className="row">
              <SubmitButton>Save Subscription</SubmitButton>
            </div>
          </ValidatedForm>
        </section>

        <section className="card stack" aria-labelledby="features-title">
          <h2 id="features-title">Application features</h2>
          <Form method="post" className="form">
            <fieldset>
              <legend className="visually-hidden">Application features</legend>
              <div className="feature-grid">
                {bits.map((bit) => (
                  <label key={bit} className="checkbox">
                    <input
                      type="checkbox"
                      name="features"
                      value={bit}
                      defaultChecked={hasAppFeature(company.featureFlags, bit)}
                    />
                    {appFeatureLabels[bit]}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="row">
              <button type="submit" name="intent" value="features" className="button button-primary">
                Save Features
              </button>
            </div>
          </Form>
        </section>

        <section className="card stack" aria-labelledby="users-title">
          <h2 id="users-title">Users</h2>
          <UserList users={company.users} />
        </section>
      </div>
    </>
  );
}

function UserList({ users }: { users: CompanyDetails["users"] }) {
  if (users.length === 0) return <p className="empty">No items</p>;
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">Users</caption>
        <thead>
          <tr>
            <th>Name</th>
            <th>Email</th>
            <th>Role</th>
            <th>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.id}>
              <td>
                <span className="name-cell">
                  <EmployeeAvatar firstName={u.firstName} lastName={u.lastName} color={u.color} logoUrl={u.logoUrl} />
                  {u.firstName} {u.lastName}
                  {u.deletedAt ? <span className="badge badge-danger">Deleted</span> : null}
                </span>
              </td>
              <td>{u.deletedAt ? "" : u.email}</td>
              <td>{roleLabels[u.role]}</td>
              <td>
                {u.deletedAt || u.role === Role.SuperAdmin ? null : (
                  <Form method="post">
                    <input type="hidden" name="userId" value={u.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="shadow"
                      className="button"
                      aria-label={`Log in as ${u.firstName} ${u.lastName}`}
                    >
                      Log in as
                    </button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.company.businessName ?? "Company"} | Admin Panel | Fieldwise` },
];
