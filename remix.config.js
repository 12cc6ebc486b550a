import { flatRoutes } from "remix-flat-routes";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/*"],
  serverModuleFormat: "esm",
  serverDependenciesToBundle: [/^remix-toast/, /^remix-auth/, /^remix-validated-form/, /^@remix-validated-form/],
  routes: async (defineRoutes) => flatRoutes("routes", defineRoutes, { ignoredRouteFiles: ["**/.*", "**/*.test.*"] }),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
