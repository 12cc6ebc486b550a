import { apiAction, dataOr404, parseOr400 } from "~/http/api.server";
import { customEmailMessageSchema } from "~/models/messaging/templates.schema";
import { saveMessageTemplate } from "~/models/messaging/templates.server";
import { screens } from "~/access/route-table";

/** PATCH /api/company-settings/custom-message/email {messageId, subjectText, emailText, customizableMessageType} → {data: the type's messages}. */
export const action = apiAction(screens.communication, {
  PATCH: async ({ ctx, body }) => {
    const input = parseOr400(customEmailMessageSchema, await body());
    return dataOr404(
      await saveMessageTemplate(ctx, {
        messageType: input.customizableMessageType,
        messageId: input.messageId,
        subjectText: input.subjectText,
        emailText: input.emailText,
      }),
    );
  },
});
