import { Form } from "@remix-run/react";
import {
  BookingChoiceFields,
  BookingCustomerFields,
  BookingDayPicker,
  BookingNotesField,
  type BookingChoices,
  type BookingValues,
} from "~/components/booking-fields";

export type RequestWorkPage = BookingChoices & { phone: string | null };

/**
 * The booking form of the company's online booking, for a signed-in customer: the same fields and
 * questions, the customer's details filled in. Plain HTML: the day is a GET form, the rest one post.
 */
export function RequestWorkForm({
  page,
  submissionKey,
  errors,
  values,
}: {
  page: RequestWorkPage;
  submissionKey: string;
  errors: Record<string, string>;
  values: BookingValues;
}) {
  const fields = { idPrefix: "w", values, errors };
  return (
    <>
      <BookingDayPicker
        idPrefix="w"
        choices={page}
        phone={page.phone}
        error={errors._global}
        className="portal-actions"
        style={{ alignItems: "end" }}
      />
      <Form method="post" encType="multipart/form-data" className="stack" noValidate>
        <BookingChoiceFields {...fields} choices={page} submissionKey={submissionKey} />
        <BookingNotesField {...fields} label="What do you need done?" />
        <h2>Your details</h2>
        <BookingCustomerFields {...fields} />
        <button type="submit" className="button button-primary button-lg">
          Request work
        </button>
      </Form>
    </>
  );
}
