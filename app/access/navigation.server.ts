import { canOpen, type Access } from "~/access/access.server";
import { hasAppFeature, AppFeature } from "~/access/features";
import { homePathFor, isAdminRole, Role } from "~/access/roles";
import { PRODUCT_NAME } from "~/server/env.server";
import { countNewRequests } from "~/models/booking/request-counter.server";
import { hasUnreadConversations } from "~/models/text-messaging/conversations.server";

/** Areas whose screens exist; an entry appears only when the route table lets the user open it. */
const NAV = [
  { label: "Dashboard", to: "/dashboard" },
  { label: "Schedule", to: "/schedule" },
  { label: "Customers", to: "/customers" },
  { label: "Jobs", to: "/jobs" },
  { label: "Estimates", to: "/estimates" },
  { label: "Invoices", to: "/invoices" },
  { label: "Service Plans", to: "/service-plans" },
  // The field tech's entry (part 1 section 2): their customers' plans, shown when /service-plans is not theirs.
  { label: "Service Plans", to: "/service-plans/customer-service-plans" },
  { label: "Requests", to: "/booking-requests" },
  { label: "Expenses", to: "/expense-tracking" },
  { label: "Reports", to: "/reports" },
] as const;

export type Banner = {
  kind: "impersonation" | "inactive" | "messaging";
  text: string;
  linkText?: string;
  linkTo?: string;
};

/** Everything the signed-in shell shows, derived from the user's access. */
export async function shellFor(access: Access) {
  const { user, company } = access;
  // Requests is an admin roles' entry (part 1 section 2), with the badge of new booking requests.
  const requests = isAdminRole(user.role) && canOpen(access, "/booking-requests");
  const newRequests = requests ? await countNewRequests(company.id) : 0;
  const nav = NAV.filter((item) =>
    item.to === "/booking-requests"
      ? requests
      : item.to === "/service-plans/customer-service-plans"
        ? !canOpen(access, "/service-plans") && canOpen(access, item.to)
        : canOpen(access, item.to),
  ).map((item) => ({ ...item, count: item.to === "/booking-requests" ? newRequests : 0 }));
  const banners: Banner[] = [];
  if (user.impersonatorUserId) {
    banners.push({
      kind: "impersonation",
      text: `You are viewing ${PRODUCT_NAME} as ${user.firstName} ${user.lastName}.`,
      linkText: "Go back to your account.",
    });
  }
  const sub = company.subscription;
  if (!sub.isActive) {
    if (sub.isTrialing && !sub.trialExpiration)
      banners.push({
        kind: "inactive",
        text: "Please add a payment method.",
        linkText: "Add Now.",
        linkTo: "/billing",
      });
    else if (sub.isTrialing)
      banners.push({
        kind: "inactive",
        text: "Your trial has ended.",
        linkText: "Subscribe or renew now.",
        linkTo: "/billing",
      });
    else
      banners.push({
        kind: "inactive",
        text: "Your account is limited.",
        linkText: "Subscribe or renew now.",
        linkTo: "/billing",
      });
  }
  if (!company.messagingReady) {
    banners.push({
      kind: "messaging",
      text: "We will enable sending messages from your company soon. Until then messages won\u2019t be sent",
    });
  }
  const twoWayText =
    company.planFeatures.includes(16) &&
    hasAppFeature(company.featureFlags, AppFeature.TwoWayText) &&
    company.twoWayTextEnabled;
  return {
    home: homePathFor(user.role),
    nav,
    newRequests,
    banners,
    user: {
      firstName: user.firstName,
      lastName: user.lastName,
      logoUrl: user.logoUrl,
      role: user.role,
      isSuperAdmin: user.role === Role.SuperAdmin,
    },
    company: { businessName: company.businessName, logoUrl: company.logoUrl },
    isActive: sub.isActive,
    canCreateCustomer: canOpen(access, "/customers/new"),
    showAdminIcons: isAdminRole(user.role),
    showInbox: twoWayText,
    inboxUnread: twoWayText && (await hasUnreadConversations(company.id)),
    refreshAt:
      [sub.trialExpiration, sub.expirationDate]
        .filter((d): d is string => !!d && Date.parse(d) > Date.now())
        .sort()[0] ?? null,
  };
}
export type Shell = Awaited<ReturnType<typeof shellFor>>;
