import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/page-header";
import { canOpen, requireAccess } from "~/access/access.server";
import settingsStyles from "~/styles/settings.css";
import { screens } from "~/access/route-table";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: settingsStyles }];

const AREAS = [
  {
    to: "/company-profile",
    title: "Company profile",
    text: "Business name, contact details, logo, working hours and time zone.",
  },
  { to: "/employees", title: "Employees", text: "Your team, their roles, colours and photos." },
  { to: "/price-book", title: "Price book", text: "Services and materials with their prices." },
  {
    to: "/discounts-tax-rates",
    title: "Discounts & tax rates",
    text: "Rates and discounts to apply on jobs, estimates and invoices.",
  },
  { to: "/settings/tags", title: "Tags", text: "Labels for customers, jobs, estimates, employees and invoices." },
  { to: "/settings/lead-sources", title: "Lead sources", text: "Where your customers heard of you." },
  { to: "/settings/expense-codes", title: "Expense codes", text: "Codes that sort your expenses." },
  {
    to: "/forms",
    title: "Forms and checklists",
    text: "Checklists your team fills in on jobs and estimates, and forms your customers fill in.",
  },
  {
    to: "/templates",
    title: "Job and estimate templates",
    text: "Start a job or an estimate from saved lines, message, tags, checklists and files.",
  },
  {
    to: "/settings/messages",
    title: "Messages on invoices and estimates",
    text: "A note printed on every invoice and estimate.",
  },
  {
    to: "/communication",
    title: "Communication",
    text: "The wording of the texts and emails your customers get, with a preview.",
  },
  {
    to: "/settings/reminders",
    title: "Reminders",
    text: "Appointment reminders: on or off, which day, what time, by text or email.",
  },
  {
    to: "/online-booking-settings",
    title: "Online booking",
    text: "Your public booking form: its address, services, hours and questions.",
  },
  {
    to: "/routing",
    title: "Route optimisation",
    text: "Plan each day's routes: drive less, within arrival windows and working hours.",
  },
  {
    to: "/customer-portal",
    title: "Customer portal",
    text: "Where customers see their visits, estimates and invoices.",
  },
  {
    to: "/two-way-text-settings",
    // The route table's entry is the pattern /two-way-text-settings/*: a path under it asks the same question.
    check: "/two-way-text-settings/register",
    title: "Two-way text",
    text: "Your texting number and its carrier registration; the inbox on or off.",
  },
  {
    to: "/integrations",
    title: "Integrations",
    text: "The API key, webhooks, accounting exports and QuickBooks Online.",
  },
  { to: "/billing", title: "Billing", text: "Your plan, its limits, payment method and invoices." },
] as const;

/** Only the areas the route table lets this user open are listed. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.settings.index);
  return json({ areas: AREAS.filter((area) => canOpen(access, "check" in area ? area.check : area.to)) });
}

export default function SettingsRoute() {
  const { areas } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Settings" />
      <ul className="settings-grid">
        {areas.map((area) => (
          <li key={area.to}>
            <Link to={area.to}>
              <strong>{area.title}</strong>
              <span className="muted">{area.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Settings | Fieldwise" }];
