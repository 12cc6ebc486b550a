/** The QuickBooks screens' messages (shared by the server and the page it draws). */
export const quickBooksMessages = {
  notConfigured: "Accounting sync is not configured on this server.",
  badState: "The QuickBooks connection could not be confirmed. Start again with Connect to QuickBooks.",
  refused: "QuickBooks did not connect: permission was not given.",
  connected: "QuickBooks is connected.",
  disconnected: "QuickBooks is disconnected.",
  notConnected: "QuickBooks is not connected.",
};
