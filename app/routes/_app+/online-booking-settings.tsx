import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { BookingSettingsForm, type PostedSettings } from "~/components/booking-settings-form";
import { BookingFormPreview } from "~/components/booking-settings-preview";
import { BookingQuestionsEditor, type PostedQuestion } from "~/components/booking-settings-questions";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { PageHeader } from "~/components/page-header";
import settingsStyles from "~/styles/settings.css";
import { onlineBookingAction, onlineBookingPage } from "./__online-booking-settings.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: settingsStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, company } = await requireAccess({ request, context }, screens.onlineBookingSettings);
  const page = await onlineBookingPage(ctx, new URL(request.url));
  return json({ ...page, businessName: company.businessName });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = await requireAccess({ request, context }, screens.onlineBookingSettings);
  return onlineBookingAction(ctx, await request.formData());
}

type ActionData = ({ form: "settings" } & PostedSettings) | ({ form: "question" } & PostedQuestion) | undefined;

/** The company's online booking form: its address, rules, services, hours, questions and a preview. */
export default function OnlineBookingSettingsRoute() {
  const { settings, services, questions, editing, deleting, publicUrl, businessName } = useLoaderData<typeof loader>();
  const posted = useActionData<ActionData>();
  const offered = settings.serviceIds
    .map((id) => services.find((s) => s.id === id))
    .filter((s): s is (typeof services)[number] => !!s);
  return (
    <>
      <PageHeader title="Online booking" breadcrumb={{ label: "Settings", to: "/settings" }} />
      <p className="muted">
        A form on the web where customers pick a service and a free time and send a booking request.
      </p>
      <div className="grid-2">
        <BookingSettingsForm
          settings={settings}
          services={services}
          publicUrl={publicUrl}
          posted={posted?.form === "settings" ? posted : undefined}
        />
        <div className="stack">
          <BookingQuestionsEditor
            questions={questions}
            editing={editing}
            posted={posted?.form === "question" ? posted : undefined}
          />
          <BookingFormPreview
            businessName={businessName}
            introText={settings.introText}
            services={offered}
            questions={questions}
          />
        </div>
      </div>
      {deleting ? (
        <ConfirmDialog
          title="Delete question"
          intent="deleteQuestion"
          confirmLabel="Delete"
          cancelTo="/online-booking-settings#questions"
          hidden={{ questionId: deleting.id }}
        >
          <p>
            The question &quot;{deleting.label}&quot; will be removed from the form. Requests already sent keep their
            answers.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Online booking | Fieldwise" }];
