/** What /billing says while the platform has no Stripe Billing configuration (server and browser alike). */
export const BILLING_NOT_SET_UP = "Online billing is not set up";
