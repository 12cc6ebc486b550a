/** What every card button and page says while the platform has no Stripe configuration (server and browser alike). */
export const PAYMENTS_NOT_SET_UP = "Card payments are not set up";
