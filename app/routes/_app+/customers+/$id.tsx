import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { CustomerAttachments } from "~/components/customer-attachments";
import { CUSTOMER_TABS, CustomerTabTable, type CustomerTabId } from "~/components/customer-tabs";
import { PageHeader } from "~/components/page-header";
import { currentTab, Tabs } from "~/components/tabs";
import { canOpen, notFound, requireAccess } from "~/access/access.server";
import { readPaging } from "~/http/api.server";
import {
  addCustomerAttachments,
  attachmentFilesFrom,
  deleteCustomerAttachment,
} from "~/models/customers/customer-attachments.server";
import { customerMessages, displayName } from "~/models/customers/customers.schema";
import { deleteCustomer, getCustomer, geocodeMissingAddresses } from "~/models/customers/customers.server";
import { listCustomerJobsPage } from "~/models/jobs/jobs.server";
import { listCustomerEstimatesPage } from "~/models/estimates/estimates.server";
import { toasts } from "~/sessions.server";
import { unknownIntent } from "~/http/forms.server";
import { readListParams } from "~/utils/list-params";
import { formatPhone } from "~/utils/validation";
import { screens } from "~/access/route-table";
import { listCustomerInvoicesPage } from "~/models/invoices/invoices.server";
import { listCustomerPlanInvoicesPage } from "~/models/service-plans/plan-invoices.server";
import { uploadRules } from "~/models/files/upload-rules.server";
import { withUploadForm } from "~/http/uploads.server";
import { SavedCardsSection } from "~/components/saved-cards";
import { savedCardsView } from "~/models/payments/saved-cards.server";
import { savedCardsIntent } from "./__saved-cards.server";
import { PortalLinkForm } from "~/components/portal-link-form";
import { sendPortalLinkToCustomer } from "~/models/portal/links.server";
import { getPortalSettings } from "~/models/portal/settings.server";
import { MapIsland } from "~/components/map-island";
import { mapsBrowserKey } from "~/services/maps-key.server";

const idOf = (value: string | undefined) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : notFound();
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.customers.details);
  const { ctx, company } = access;
  const id = idOf(params.id);
  let customer = await getCustomer(ctx, id);
  if (!customer) return notFound();
  // The spec's rule: addresses without geoData are geocoded on load and saved.
  if (await geocodeMissingAddresses(ctx, customer)) customer = (await getCustomer(ctx, id)) ?? customer;
  const url = new URL(request.url);
  const tab = currentTab(url, CUSTOMER_TABS) as CustomerTabId;
  const list = readListParams(url);
  const paging = readPaging({ pageNumber: list.page, pageSize: list.pageSize });
  const page =
    tab === "jobs"
      ? await listCustomerJobsPage(ctx, id, { paging })
      : tab === "invoices"
        ? await listCustomerInvoicesPage(ctx, id, { paging })
        : tab === "estimates"
          ? await listCustomerEstimatesPage(ctx, id, { paging })
          : await listCustomerPlanInvoicesPage(ctx, id, { paging });
  return json({
    customer,
    tab,
    list,
    page: { items: page.items as unknown[], total: page.total },
    timezone: company.timezone,
    viewing: url.searchParams.get("view"),
    confirmDelete: url.searchParams.get("confirm") === "delete",
    savedCards: await savedCardsView(ctx, id),
    canSellPlans: canOpen(access, `/assign-service-plan/${id}`),
    portalOn: (await getPortalSettings(ctx.companyId)).isEnabled,
    mapsKey: mapsBrowserKey(),
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.customers.details);
  const id = idOf(params.id);
  const refused = (message: string): Response => json({ uploadErrors: [message] }, { status: 400 });
  return withUploadForm(request, uploadRules.customerAttachments, refused, async (form, dropped) => {
    const intent = form.get("intent");
    if (intent === "delete") {
      if (!(await deleteCustomer(ctx, id))) return notFound();
      return toasts().redirectWithSuccess("/customers", customerMessages.deleted);
    }
    if (intent === "upload") {
      const files = attachmentFilesFrom(form, dropped);
      if ("message" in files) return refused(files.message);
      const result = await addCustomerAttachments(ctx, id, files.files, dropped);
      if (!result) return notFound();
      if (result.errors.length)
        return json({ uploadErrors: result.errors }, { status: result.attachments.length ? 200 : 400 });
      return toasts().redirectWithSuccess(
        `/customers/${id}`,
        result.attachments.length === 1
          ? "Attachment was uploaded"
          : `${result.attachments.length} attachments were uploaded`,
      );
    }
    if (intent === "savedCards") return savedCardsIntent(ctx, id, form);
    if (intent === "portalLink") {
      const channel = form.get("channel") === "text" ? "text" : "email";
      const sent = await sendPortalLinkToCustomer(ctx, { customerId: id, channel });
      if (!sent.sent) return toasts().redirectWithError(`/customers/${id}`, sent.error);
      return toasts().redirectWithSuccess(`/customers/${id}`, sent.message);
    }
    if (intent === "deleteAttachment") {
      if (!(await deleteCustomerAttachment(ctx, id, String(form.get("fileUrl") ?? "")))) return notFound();
      return toasts().redirectWithSuccess(`/customers/${id}`, "Attachment was deleted");
    }
    return unknownIntent();
  });
}

/** The customer profile: contact details, properties, tabs and attachments. */
export default function CustomerProfileRoute() {
  const { customer, tab, list, page, timezone, viewing, confirmDelete, savedCards, canSellPlans, portalOn } =
    useLoaderData<typeof loader>();
  const { mapsKey } = useLoaderData<typeof loader>();
  const uploaded = useActionData<{ uploadErrors?: string[] }>();
  const location = useLocation();
  const navigation = useNavigation();
  const name = displayName(customer);
  const here = location.pathname;
  return (
    <div className="stack">
      <PageHeader
        title={name}
        breadcrumb={{ label: "Customers", to: "/customers" }}
        actions={
          <>
            {portalOn ? <PortalLinkForm hasEmail={!!customer.email} hasPhone={!!customer.mainPhoneNumber} /> : null}
            {canSellPlans ? (
              <Link className="button" to={`/assign-service-plan/${customer.id}`}>
                Sell a service plan
              </Link>
            ) : null}
            <Link className="button" to={`/customers/${customer.id}/edit`}>
              Edit
            </Link>
            <Link className="button button-danger" to="?confirm=delete" preventScrollReset>
              Delete
            </Link>
          </>
        }
      />
      <div className="form-grid">
        <section className="card stack" aria-labelledby="contact-title">
          <h2 id="contact-title">Contact details</h2>
          <dl className="form-grid" style={{ margin: 0 }}>
            {customer.ownCompanyName ? <Detail term="Company" value={customer.ownCompanyName} /> : null}
            {customer.jobTitle ? <Detail term="Job Title" value={customer.jobTitle} /> : null}
            <Detail
              term="Email"
              value={customer.email ? <a href={`mailto:${customer.email}`}>{customer.email}</a> : "—"}
            />
            {customer.additionalEmails.map((e) => (
              <Detail key={e} term="Secondary Email" value={<a href={`mailto:${e}`}>{e}</a>} />
            ))}
            <Detail
              term="Primary Phone"
              value={
                customer.mainPhoneNumber ? (
                  <a href={`tel:${customer.mainPhoneNumber}`}>{formatPhone(customer.mainPhoneNumber)}</a>
                ) : (
                  "—"
                )
              }
            />
            {customer.secondaryPhoneNumbers.map((p) => (
              <Detail key={p} term="Secondary Phone" value={<a href={`tel:${p}`}>{formatPhone(p)}</a>} />
            ))}
            <Detail
              term="Receive Automatic Text Notifications"
              value={customer.areTextMessagesAllowed ? "Yes" : "No"}
            />
            <Detail term="Tags" value={customer.tags.length ? customer.tags.map((t) => t.label).join(", ") : "—"} />
            <Detail
              term="Sources"
              value={customer.leadSources.length ? customer.leadSources.map((s) => s.name).join(", ") : "—"}
            />
            <Detail term="Customer Notes" value={customer.notes ?? "—"} />
          </dl>
        </section>
        <section className="card stack" aria-labelledby="properties-title">
          <h2 id="properties-title">Properties</h2>
          {customer.addresses.length === 0 ? <p className="muted">No properties yet.</p> : null}
          <ul className="stack" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {customer.addresses.map((a) => (
              <li key={a.id}>
                {/* The island shows the address (a link to a maps app, the map with a key). */}
                <MapIsland
                  places={[{ label: a.location, address: a.location, geo: a.geoData }]}
                  streetView
                  apiKey={mapsKey}
                />
                {a.unitNumber ? `Unit ${a.unitNumber}` : ""}{" "}
                {a.isBilling ? <span className="badge badge-success">Billing address</span> : null}
                {a.notes ? <div className="muted">{a.notes}</div> : null}
              </li>
            ))}
          </ul>
        </section>
      </div>
      <SavedCardsSection view={savedCards} />
      <section className="stack" aria-label="Customer activity">
        <Tabs tabs={CUSTOMER_TABS} current={tab} />
        <CustomerTabTable tab={tab} rows={page.items} total={page.total} params={list} timezone={timezone} />
      </section>
      <CustomerAttachments
        customerId={customer.id}
        attachments={customer.attachments}
        errors={uploaded?.uploadErrors}
        viewing={viewing}
        busy={navigation.state === "submitting" && navigation.formData?.get("intent") === "upload"}
      />
      {confirmDelete ? (
        <ConfirmDialog title="Delete Customer" intent="delete" confirmLabel="Delete" cancelTo={here}>
          <p>{name} will be deleted. Their jobs, estimates and invoices stay.</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

function Detail({ term, value }: { term: string; value: ReactNode }) {
  return (
    <div>
      <dt className="muted">{term}</dt>
      <dd style={{ margin: 0, overflowWrap: "anywhere" }}>{value}</dd>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? displayName(data.customer) : "Customer"} | Fieldwise` },
];
