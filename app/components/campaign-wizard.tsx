import { Form, Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { AudienceStep } from "~/components/campaign-wizard-audience";
import { MessageStep } from "~/components/campaign-wizard-message";
import { FieldError, PlainSelectField, PlainTextField } from "~/components/form";
import { PageHeader } from "~/components/page-header";
import { Steps } from "~/components/steps";
import { channelLabel, sendingRule } from "~/models/campaigns/campaign-texts";
import { formEntries, stepOfField, type WizardState } from "~/models/campaigns/campaign-wizard";
import {
  AUDIENCE_SEARCH_DEBOUNCE_MS,
  CAMPAIGN_SEND_HOUR,
  CampaignChannel,
  campaignMessages,
  CampaignTrigger,
  campaignTriggerLabels,
  DELAY_LIMITS,
  DELAY_TYPES,
  DelayType,
  delayTypeLabels,
  scheduledInstant,
  sendsEmail,
  sendsText,
  WIZARD_STEPS,
  wizardErrors,
  type CampaignForm,
} from "~/models/campaigns/campaigns.schema";
import type { TagOption } from "~/models/company/tags.schema";
import { IMAGE_MAX_BYTES, imageMessages } from "~/models/files/file-rules";
import { useHydrated } from "~/utils/use-hydrated";

/** What the wizard's loader gives: the company's tags, zone and texting, the preview's brand, the first state. */
export type WizardPageData = {
  tags: TagOption[];
  timeZone: string;
  canSendTexts: boolean;
  brand: { businessName: string; logoUrl: string | null; businessPhone: string | null; poweredBy: string };
  initial: WizardState;
};

const STEP = Object.fromEntries(WIZARD_STEPS.map((s, i) => [s.id, i])) as Record<
  (typeof WIZARD_STEPS)[number]["id"],
  number
>;
const LAST = WIZARD_STEPS.length - 1;
const LIST_URL = "/communication?tab=custom-campaigns";
const TRIGGER_FIELDS = ["triggerEvent", "delayValue", "delayType", "sendImmediately", "specificDate", "specificTime"];

/** The error key a control reports to (the two channel boxes share one). */
const errorKeyOf = (name: string) => (name === "channelEmail" || name === "channelText" ? "channel" : name);

/** The fields a step shows as controls; the rest of the campaign rides along hidden. */
function controlsOf(step: number, form: CampaignForm, hydrated: boolean, canSendTexts: boolean): Set<string> {
  switch (step) {
    case STEP.name:
      return new Set(["name"]);
    case STEP.trigger: {
      // Disabled boxes post nothing: the delay then rides along hidden.
      const disabled = hydrated && form.sendImmediately && form.triggerEvent === CampaignTrigger.JobFinished;
      return new Set(TRIGGER_FIELDS.filter((f) => !(disabled && (f === "delayValue" || f === "delayType"))));
    }
    case STEP.channel:
      return new Set(canSendTexts || form.channelText ? ["channelEmail", "channelText"] : ["channelEmail"]);
    case STEP.message:
      return new Set([
        ...(form.channelEmail ? ["subject", "emailMessage"] : []),
        ...(form.channelText ? ["smsMessage"] : []),
      ]);
    case STEP.audience:
      return new Set(["includeTagIds", "excludeTagIds", "checkAll", "search"]);
    default:
      return new Set();
  }
}

/**
 * The six-step campaign wizard of Add and Edit. Every step is a form post that carries the whole
 * campaign (the other steps' fields hidden) and comes back with the next step or the errors, so it
 * works without JavaScript; with it, fields are checked as they change (the same rules) and the
 * audience list and count follow the search, tags and boxes without leaving the step.
 */
export function CampaignWizard({
  mode,
  page,
  answer,
}: {
  mode: "new" | "edit";
  page: WizardPageData;
  answer: WizardState | undefined;
}) {
  const hydrated = useHydrated();
  const server = answer ?? page.initial;
  const step = server.step;
  const fetcher = useFetcher<WizardState>();
  const [form, setForm] = useState(server.form);
  const [audience, setAudience] = useState(server.audience);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [imageError, setImageError] = useState<string | null>(null);
  const [shownRev, setShownRev] = useState(server.rev);
  const [fetchedRev, setFetchedRev] = useState<number | null>(null);
  // A new answer of the server refills the fields; a fetched audience brings its page and count.
  if (shownRev !== server.rev) {
    setShownRev(server.rev);
    setForm(server.form);
    setAudience(server.audience);
    setTouched(new Set());
    setImageError(null);
  }
  const fetched = fetcher.data;
  if (fetched && fetched.rev !== fetchedRev) {
    setFetchedRev(fetched.rev);
    setAudience(fetched.audience);
    setForm((f) => ({ ...f, selectedCustomersNumber: fetched.form.selectedCustomersNumber }));
  }

  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [refresh, setRefresh] = useState<{ delay: number; page: number; n: number } | null>(null);
  useEffect(() => {
    if (!refresh || !formRef.current) return;
    const element = formRef.current;
    const timer = setTimeout(() => {
      const data = new FormData(element);
      data.set("intent", "audience");
      data.set("audiencePage", String(refresh.page));
      fetcher.submit(data, { method: "post" });
    }, refresh.delay);
    return () => clearTimeout(timer);
    // Only a new refresh request posts: the fetcher itself is no reason to post again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refresh]);

  // After a step change (with JavaScript) the reader starts at the new step, or at the first error.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const invalid = formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]");
    (invalid ?? headingRef.current)?.focus();
  }, [server.rev]);

  const live = hydrated
    ? wizardErrors(form, { now: new Date(), timeZone: page.timeZone, canSendTexts: page.canSendTexts }, step)
    : {};
  const errorOf = (field: string): string | undefined =>
    field === "image" && imageError
      ? imageError
      : touched.has(field)
        ? live[field]
        : (server.errors[field] ?? undefined);
  // With JavaScript a step that the same rules refuse is not posted: its messages show at once.
  const checkBeforePost = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === "next" && Object.keys(live).length) {
      event.preventDefault();
      setTouched((t) => new Set([...t, ...Object.keys(live)]));
      setTimeout(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
    }
    if (submitter?.value === "add-image") {
      const file = (event.currentTarget.elements.namedItem("image") as HTMLInputElement | null)?.files?.[0];
      const problem = !file
        ? "Choose an image to add"
        : file.size > IMAGE_MAX_BYTES
          ? imageMessages.imageTooLarge
          : null;
      setImageError(problem);
      if (problem) event.preventDefault();
    }
  };
  const change = (patch: Partial<CampaignForm>, ...fields: string[]) => {
    setForm((f) => ({ ...f, ...patch }));
    setTouched((t) => new Set([...t, ...fields.map(errorKeyOf)]));
  };
  const touch = (name: string) => {
    if (name) setTouched((t) => (t.has(errorKeyOf(name)) ? t : new Set([...t, errorKeyOf(name)])));
  };
  const refreshAudience = (options: { delay?: number; page?: number } = {}) =>
    setRefresh((r) => ({
      delay: options.delay ?? 0,
      page: options.page ?? audience?.page ?? 1,
      n: (r?.n ?? 0) + 1,
    }));

  const controls = controlsOf(step, form, hydrated, page.canSendTexts);
  const hidden = formEntries(form).filter(([name]) => !controls.has(name));
  // A refusal no step owns (the image has its own place) shows above the step.
  const unplaced = Object.entries(server.errors).filter(([field]) => field !== "image" && stepOfField(field) === null);
  const stepProps = { form, change, errorOf, hydrated, page };

  return (
    <>
      <PageHeader
        title={mode === "new" ? "Add Campaign" : "Edit Campaign"}
        breadcrumb={{ label: "Communications", to: LIST_URL }}
      />
      <p className="campaign-wizard-subtitle">
        {mode === "new" ? "Set up new Automated notificaion" : "Update Automated notification"}
      </p>
      <Steps steps={WIZARD_STEPS.map((s) => s.title)} current={step} />
      <Form
        ref={formRef}
        method="post"
        encType={step === STEP.message ? "multipart/form-data" : undefined}
        className="card stack campaign-wizard"
        noValidate
        onBlur={(e) => touch((e.target as unknown as HTMLInputElement).name ?? "")}
        onSubmit={checkBeforePost}
      >
        {/* Enter in a field: Next (on Target audience: the search). */}
        {step < LAST ? (
          <button
            type="submit"
            name="intent"
            value={step === STEP.audience ? "search" : "next"}
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
          />
        ) : null}
        <input type="hidden" name="step" value={step} />
        {hidden.map(([name, value], i) => (
          <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
        ))}
        <h2 id="campaign-step-title" ref={headingRef} tabIndex={-1}>
          {WIZARD_STEPS[step].title}
        </h2>
        {unplaced.map(([field, message]) => (
          <FieldError key={field} error={message} />
        ))}
        {step === STEP.name ? <NameStep {...stepProps} /> : null}
        {step === STEP.trigger ? <TriggerStep {...stepProps} /> : null}
        {step === STEP.channel ? <ChannelStep {...stepProps} /> : null}
        {step === STEP.message ? <MessageStep {...stepProps} /> : null}
        {step === STEP.audience ? (
          <AudienceStep
            {...stepProps}
            audience={audience}
            busy={fetcher.state !== "idle"}
            refresh={refreshAudience}
            searchDelay={AUDIENCE_SEARCH_DEBOUNCE_MS}
          />
        ) : null}
        {step === LAST ? <ReviewStep form={form} page={page} /> : null}
        <div className="campaign-wizard-actions">
          <Link className="button button-link" to={LIST_URL}>
            Cancel
          </Link>
          {step > 0 ? (
            <button type="submit" name="intent" value="back" className="button" formNoValidate>
              Back
            </button>
          ) : null}
          {step < LAST ? (
            <button type="submit" name="intent" value="next" className="button button-primary">
              Next
            </button>
          ) : (
            <>
              <button type="submit" name="intent" value="save-inactive" className="button">
                Save as inactive
              </button>
              <button type="submit" name="intent" value="save-live" className="button button-primary">
                Save and set live
              </button>
            </>
          )}
        </div>
      </Form>
    </>
  );
}

export type StepProps = {
  form: CampaignForm;
  change: (patch: Partial<CampaignForm>, ...fields: string[]) => void;
  errorOf: (field: string) => string | undefined;
  hydrated: boolean;
  page: WizardPageData;
};

function NameStep({ form, change, errorOf }: StepProps) {
  return (
    <>
      <p className="banner banner-info">{campaignMessages.banner}</p>
      <PlainTextField
        id="campaign-name"
        name="name"
        label="Campaign name"
        value={form.name}
        onChange={(e) => change({ name: e.target.value }, "name")}
        error={errorOf("name")}
        autoComplete="off"
      />
    </>
  );
}

/** A checkbox that always posts: a hidden "false" first, the box's "true" after it wins when ticked. */
export function FlagBox({
  id,
  name,
  checked,
  onChange,
  disabled,
  children,
  describedBy,
}: {
  id: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  children: ReactNode;
  describedBy?: string;
}) {
  return (
    <>
      <input type="hidden" name={name} value="false" />
      <label className="checkbox" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          name={name}
          value="true"
          checked={checked}
          disabled={disabled}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.checked)}
        />
        {children}
      </label>
    </>
  );
}

const TIME_HINT = "As hh:mm am or pm, e.g. 09:30 am";

function TriggerStep({ form, change, errorOf, hydrated, page }: StepProps) {
  const job = form.triggerEvent === CampaignTrigger.JobFinished;
  const specific = form.triggerEvent === CampaignTrigger.OnSpecificDateTime;
  const delayDisabled = hydrated && job && form.sendImmediately;
  const limit = DELAY_LIMITS[form.delayType] ?? DELAY_LIMITS[DelayType.Day];
  const chooseTrigger = (value: number) =>
    value === CampaignTrigger.JobFinished
      ? change({ triggerEvent: value, specificDate: undefined, specificTime: undefined }, "triggerEvent")
      : change(
          { triggerEvent: value, delayValue: 1, delayType: DelayType.Day, sendImmediately: false },
          "triggerEvent",
          "delayValue",
        );
  return (
    <>
      <fieldset className="field" aria-describedby={errorOf("triggerEvent") ? "campaign-trigger-error" : undefined}>
        <legend>When is the campaign sent?</legend>
        {[CampaignTrigger.JobFinished, CampaignTrigger.OnSpecificDateTime].map((value) => (
          <label key={value} className="checkbox">
            <input
              type="radio"
              name="triggerEvent"
              value={value}
              checked={form.triggerEvent === value}
              onChange={() => chooseTrigger(value)}
            />
            {campaignTriggerLabels[value]}
          </label>
        ))}
        <FieldError id="campaign-trigger-error" error={errorOf("triggerEvent")} />
      </fieldset>
      <fieldset className="campaign-trigger-details" hidden={hydrated && !job}>
        <legend>After the job was finished</legend>
        <p className="field-hint" id="campaign-send-hour">
          Messages go out at {CAMPAIGN_SEND_HOUR}:00 am in the company&apos;s time zone ({page.timeZone}).
        </p>
        <div className="row campaign-delay">
          <PlainTextField
            id="campaign-delay-value"
            name="delayValue"
            label="Delay"
            type="number"
            inputMode="numeric"
            min={1}
            max={limit}
            value={form.delayValue === undefined || Number.isNaN(form.delayValue) ? "" : String(form.delayValue)}
            onChange={(e) =>
              change({ delayValue: e.target.value === "" ? undefined : Number(e.target.value) }, "delayValue")
            }
            disabled={delayDisabled}
            error={errorOf("delayValue")}
          />
          <PlainSelectField
            id="campaign-delay-type"
            name="delayType"
            label="Delay type"
            options={DELAY_TYPES.map((value) => ({ value, label: delayTypeLabels[value] }))}
            value={String(form.delayType)}
            onChange={(e) => change({ delayType: Number(e.target.value) }, "delayType", "delayValue")}
            disabled={delayDisabled}
            error={errorOf("delayType")}
          />
        </div>
        <FlagBox
          id="campaign-send-immediately"
          name="sendImmediately"
          checked={form.sendImmediately}
          onChange={(checked) => change({ sendImmediately: checked }, "sendImmediately", "delayValue")}
          describedBy="campaign-immediately-hint"
        >
          Send immediately
        </FlagBox>
        <p className="field-hint" id="campaign-immediately-hint">
          Sends right after the job is finished; the delay is not used.
        </p>
      </fieldset>
      <fieldset className="campaign-trigger-details" hidden={hydrated && !specific}>
        <legend>On a specific date and time</legend>
        <div className="row campaign-date-time">
          <PlainTextField
            id="campaign-date"
            name="specificDate"
            label="Date"
            type="date"
            value={form.specificDate ?? ""}
            onChange={(e) => change({ specificDate: e.target.value || undefined }, "specificDate", "specificTime")}
            error={errorOf("specificDate") ?? errorOf("scheduledDateTime")}
          />
          <PlainTextField
            id="campaign-time"
            name="specificTime"
            label="Time"
            placeholder="hh:mm am"
            autoComplete="off"
            hint={TIME_HINT}
            value={form.specificTime ?? ""}
            onChange={(e) => change({ specificTime: e.target.value || undefined }, "specificTime")}
            error={errorOf("specificTime")}
          />
        </div>
        <p className="field-hint">In the company&apos;s time zone ({page.timeZone}).</p>
      </fieldset>
    </>
  );
}

function ChannelStep({ form, change, errorOf, page }: StepProps) {
  const offerText = page.canSendTexts || form.channelText;
  const error = errorOf("channel");
  return (
    <fieldset className="field" aria-describedby={error ? "campaign-channel-error" : undefined}>
      <legend>How is the campaign sent?</legend>
      <FlagBox
        id="campaign-channel-email"
        name="channelEmail"
        checked={form.channelEmail}
        onChange={(checked) => change({ channelEmail: checked }, "channel")}
      >
        Email
      </FlagBox>
      {offerText ? (
        <FlagBox
          id="campaign-channel-text"
          name="channelText"
          checked={form.channelText}
          onChange={(checked) => change({ channelText: checked }, "channel")}
        >
          Text
        </FlagBox>
      ) : null}
      {page.canSendTexts ? null : <p className="field-hint">{campaignMessages.textNotSetUp}.</p>}
      <FieldError id="campaign-channel-error" error={error} />
    </fieldset>
  );
}

function ReviewStep({ form, page }: { form: CampaignForm; page: WizardPageData }) {
  const label = (ids: number[]) => ids.map((id) => page.tags.find((t) => t.id === id)?.label ?? `#${id}`).join(", ");
  const channel = (form.channelEmail ? CampaignChannel.Email : 0) | (form.channelText ? CampaignChannel.Text : 0);
  const job = form.triggerEvent === CampaignTrigger.JobFinished;
  const rule = sendingRule(
    {
      triggerEvent: form.triggerEvent ?? -1,
      delayType: form.delayType,
      delayValue: job && form.sendImmediately ? 0 : (form.delayValue ?? 1),
      scheduledDateTime: job ? null : scheduledInstant(form.specificDate, form.specificTime, page.timeZone),
    },
    page.timeZone,
  );
  const count = form.selectedCustomersNumber;
  return (
    <dl className="campaign-review">
      <dt>Campaign name</dt>
      <dd>{form.name}</dd>
      <dt>Trigger event</dt>
      <dd>{form.triggerEvent === undefined ? "" : campaignTriggerLabels[form.triggerEvent as 0 | 1]}</dd>
      <dt>Sending rule</dt>
      <dd>
        {rule}
        {job ? "" : ` (${page.timeZone})`}
      </dd>
      <dt>Channel</dt>
      <dd>{channelLabel(channel)}</dd>
      {sendsEmail(channel) ? (
        <>
          <dt>Email subject</dt>
          <dd>{form.subject}</dd>
          <dt>Email message</dt>
          <dd className="campaign-review-text">{form.emailMessage}</dd>
        </>
      ) : null}
      {sendsText(channel) ? (
        <>
          <dt>Text message</dt>
          <dd className="campaign-review-text">{form.smsMessage}</dd>
        </>
      ) : null}
      <dt>Target audience</dt>
      <dd>
        <p>
          {count} {count === 1 ? "customer" : "customers"}
        </p>
        {form.includeTagIds.length ? <p>Include tags: {label(form.includeTagIds)}</p> : null}
        {form.excludeTagIds.length ? <p>Exclude tags: {label(form.excludeTagIds)}</p> : null}
        {form.checkAll && form.excludeCustomerIds.length ? (
          <p>
            except {form.excludeCustomerIds.length} {form.excludeCustomerIds.length === 1 ? "customer" : "customers"}
          </p>
        ) : null}
        {!form.checkAll ? <p>Only the customers picked one by one</p> : null}
      </dd>
    </dl>
  );
}
