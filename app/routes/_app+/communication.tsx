import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useState, type FormEvent } from "react";
import { ValidatedForm } from "remix-validated-form";
import { CampaignsTab } from "~/components/campaign-list";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { FormError, SubmitButton, TextareaField, TextField } from "~/components/form";
import { MessagePreview, MessageVariablesHelp } from "~/components/message-preview";
import { PageHeader } from "~/components/page-header";
import { Tabs } from "~/components/tabs";
import { requireAccess } from "~/access/access.server";
import { screens } from "~/access/route-table";
import { submitForm, unknownIntent } from "~/http/forms.server";
import { MESSAGE_TYPE_DESCRIPTIONS } from "~/models/messaging/message-types";
import {
  MESSAGE_FIELD_LABELS,
  MESSAGE_LIMITS,
  messageTemplateFormSchema,
  customizableMessageTypeField,
} from "~/models/messaging/templates.schema";
import { resetMessageTemplate, saveMessageTemplate } from "~/models/messaging/templates.server";
import { describeSegments, renderTemplate, sampleValues, smsSegments } from "~/models/messaging/variables";
import { toasts } from "~/sessions.server";
import { useHydrated } from "~/utils/use-hydrated";
import campaignStyles from "~/styles/campaigns.css";
import communicationStyles from "~/styles/communication.css";
import { communicationPage, editedType, toggleFromList } from "./__communication.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: communicationStyles },
  { rel: "stylesheet", href: campaignStyles },
];

const FORM_ID = "message-template";
const validator = withZod(messageTemplateFormSchema);
type Texts = { smsText: string; subjectText: string; emailText: string };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.communication);
  return json(await communicationPage(access, new URL(request.url)));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireAccess({ request, context }, screens.communication);
  const { ctx } = access;
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "toggle":
      return toggleFromList(access, formData, new URL(request.url));
    case "save":
      return submitForm(formData, validator, FORM_ID, async ({ messageType, ...texts }) => {
        await saveMessageTemplate(ctx, { messageType, ...texts });
        return toasts().redirectWithSuccess("/communication", "Message was saved successfully!");
      });
    case "reset": {
      const type = customizableMessageTypeField.safeParse(formData.get("messageType"));
      if (!type.success) return json({ message: "Unknown message type" }, { status: 400 });
      await resetMessageTemplate(ctx, type.data);
      // Back to the list (as after a save): it shows the type marked Default again.
      return toasts().redirectWithSuccess("/communication", "Message was reset to the default");
    }
    case "preview": {
      // Without JavaScript the preview follows the texts on "Update Preview"; nothing is saved.
      const text = (name: keyof Texts) => String(formData.get(name) ?? "").slice(0, MESSAGE_LIMITS[name].max * 2);
      editedType(new URL(request.url));
      return json({
        preview: { smsText: text("smsText"), subjectText: text("subjectText"), emailText: text("emailText") },
      });
    }
    default:
      return unknownIntent();
  }
}

export default function CommunicationRoute() {
  const { templates, editing, company, confirmReset, tabs, tab, campaigns } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Communication" />
      <Tabs tabs={tabs} current={tab} />
      {campaigns ? (
        <CampaignsTab {...campaigns} />
      ) : editing ? (
        <MessageEditor key={editing.customizableMessageType} />
      ) : (
        <section aria-labelledby="messages-title" className="stack">
          <h2 id="messages-title" className="visually-hidden">
            Messages
          </h2>
          <p className="muted">
            The texts and emails your customers get from {company.businessName}. Edit one to use your own words; the
            default is used until you do.
          </p>
          <ul className="message-list">
            {templates.map((t) => (
              <li key={t.customizableMessageType} className="card message-card">
                <div className="message-card-head">
                  <h3>{t.name}</h3>
                  {t.isSmsCustom || t.isEmailCustom ? (
                    <span className="badge badge-success">Custom</span>
                  ) : (
                    <span className="badge">Default</span>
                  )}
                </div>
                <p className="muted">{MESSAGE_TYPE_DESCRIPTIONS[t.customizableMessageType]}</p>
                <dl className="message-texts">
                  <dt>Text message{t.isSmsCustom ? " (custom)" : " (default)"}</dt>
                  <dd>{t.smsText}</dd>
                  <dt>Email subject{t.isEmailCustom ? " (custom)" : " (default)"}</dt>
                  <dd>{t.subjectText}</dd>
                </dl>
                <Link
                  className="button"
                  to={`/communication?edit=${t.customizableMessageType}`}
                  aria-label={`Edit ${t.name} message`}
                >
                  Edit
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {editing && confirmReset ? (
        <ConfirmDialog
          title="Reset to Default"
          intent="reset"
          confirmLabel="Reset"
          cancelTo={`/communication?edit=${editing.customizableMessageType}`}
          hidden={{ messageType: editing.customizableMessageType }}
        >
          <p>
            The {editing.name} text message and email will go back to the default wording. Your own wording will be
            deleted.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

type ActionData =
  { preview: Texts } | { fieldErrors: Record<string, string>; repopulateFields?: Partial<Texts> } | undefined;

function MessageEditor() {
  const { editing, company, poweredBy } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const location = useLocation();
  const hydrated = useHydrated();
  const entry = editing!;
  const posted =
    actionData && "preview" in actionData
      ? actionData.preview
      : actionData && "repopulateFields" in actionData
        ? actionData.repopulateFields
        : undefined;
  const initial: Texts = {
    smsText: posted?.smsText ?? entry.smsText,
    subjectText: posted?.subjectText ?? entry.subjectText,
    emailText: posted?.emailText ?? entry.emailText,
  };
  const [texts, setTexts] = useState<Texts>(initial);
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement | HTMLTextAreaElement;
    if (target.name in texts) setTexts((t) => ({ ...t, [target.name]: target.value }));
  };
  const samples = sampleValues(company);
  const sms = renderTemplate(texts.smsText, samples);
  const segments = smsSegments(sms);
  const here = `/communication?edit=${entry.customizableMessageType}`;
  const brand = { businessName: company.businessName, logoUrl: company.logoUrl, poweredBy };
  return (
    <section aria-labelledby="editor-title" className="stack">
      <div>
        <Link to="/communication">‹ All messages</Link>
        <h2 id="editor-title">
          {entry.name} message{" "}
          {entry.isSmsCustom || entry.isEmailCustom ? (
            <span className="badge badge-success">Custom</span>
          ) : (
            <span className="badge">Default</span>
          )}
        </h2>
        <p className="muted">{MESSAGE_TYPE_DESCRIPTIONS[entry.customizableMessageType]}</p>
      </div>
      <div className="message-editor">
        <ValidatedForm
          id={FORM_ID}
          validator={validator}
          method="post"
          action={`${location.pathname}${location.search}`}
          defaultValues={{ ...initial, messageType: entry.customizableMessageType }}
          className="card stack"
          onInput={onInput}
        >
          <input type="hidden" name="messageType" value={entry.customizableMessageType} />
          <FormError formId={FORM_ID} />
          <TemplateField
            name="smsText"
            rows={4}
            hint="160 characters fit in one text message; links to your pages may add up to 80."
          />
          <p className="segment-count" id="sms-segments" aria-live="polite">
            <strong>
              {segments.segments} {segments.segments === 1 ? "segment" : "segments"}
            </strong>{" "}
            with the sample values {describeSegments(segments).replace(/^\d+ segments? /, "")}
          </p>
          <TemplateField name="subjectText" />
          <TemplateField name="emailText" rows={10} />
          <MessageVariablesHelp />
          <div className="form-actions row">
            <SubmitButton formId={FORM_ID} name="intent" value="save">
              Save
            </SubmitButton>
            {hydrated ? null : (
              <button type="submit" name="intent" value="preview" formNoValidate className="button">
                Update Preview
              </button>
            )}
            <Link className="button" to="/communication">
              Cancel
            </Link>
            {entry.isSmsCustom || entry.isEmailCustom ? (
              <Link className="button button-link" to={`${here}&confirm=reset`} preventScrollReset>
                Reset to Default
              </Link>
            ) : null}
          </div>
        </ValidatedForm>
        <div className="stack previews">
          <MessagePreview type="sms" {...brand} smsMessage={sms} />
          <MessagePreview
            type="email"
            {...brand}
            emailSubject={renderTemplate(texts.subjectText, samples).replace(/\s*\n\s*/g, " ")}
            emailMessage={renderTemplate(texts.emailText, samples)}
          />
          <p className="muted preview-note">
            The preview uses sample values ({samples.customer_full_name}, {samples.service_date}). A value a message
            does not have is left out, never sent as {"{{...}}"}.
          </p>
        </div>
      </div>
    </section>
  );
}

/** A text of the template form, with its label and length limit; `rows` makes it a text area. */
function TemplateField({ name, rows, hint }: { name: keyof Texts; rows?: number; hint?: string }) {
  const props = { name, label: MESSAGE_FIELD_LABELS[name], formId: FORM_ID, maxLength: MESSAGE_LIMITS[name].max, hint };
  return rows ? <TextareaField {...props} rows={rows} /> : <TextField {...props} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.editing ? `${data.editing.name} message | ` : ""}Communication | Fieldwise` },
];
