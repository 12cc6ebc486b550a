/** The hubs: `public` for anyone, `private` for a signed-in user (bound to their user and company). */
export type HubName = "public" | "private";
export const HUB_NAMES: readonly HubName[] = ["public", "private"];

/** The events the server sends (SignalR invocation targets), shared by the publishers and the browser. */
export const RealtimeEvent = {
  /** Its content shows as a success toast. */
  TextNotification: "SendTextNotification",
  /** The count of new booking requests changed: the Requests badge is read again. */
  NewBookingRequestCounter: "SendNewBookingRequestCounter",
  /** `{ notificationType, conversation, message, conversationId }`: the inbox dot is read again. */
  TwoWayTextNotification: "SendTwoWayTextNotification",
} as const;
export type RealtimeEventName = (typeof RealtimeEvent)[keyof typeof RealtimeEvent];
