// Preloaded into a server started by tests/security/harness.ts (node --import): answers the test's
// IPC question "what do plain objects inherit?" from inside the server process. Not part of the app.
process.on("message", (message) => {
  if (message !== "prototype-report") return;
  const report = {
    objectKeys: Object.getOwnPropertyNames(Object.prototype),
    plain: {
      role: {}.role,
      planFeatures: {}.planFeatures,
      companyId: {}.companyId,
      isAdmin: {}.isAdmin,
      polluted: {}.polluted,
    },
  };
  process.send?.({ type: "prototype-report", report });
});
