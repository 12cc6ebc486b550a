import { flatRoutes } from "remix-flat-routes";

/** Every route of the manifest matched case-sensitively. */
function caseSensitive(routes) {
  for (const route of Object.values(routes)) route.caseSensitive = true;
  return routes;
}

/** @type {import('@remix-run/dev').AppConfig} */
// BUILD_DIR lets parallel test runs build side by side; the default is ./build.
const buildDir = process.env.BUILD_DIR || "build";

export default {
  serverBuildPath: `${buildDir}/server/index.js`,
  assetsBuildDirectory: `${buildDir}/client/build`,
  publicPath: "/build/",
  ignoredRouteFiles: ["**/*"],
  serverModuleFormat: "esm",
  serverDependenciesToBundle: [/^remix-toast/, /^remix-auth/, /^remix-validated-form/, /^@remix-validated-form/],
  // Paths match in their own case only, as the route table does: /CUSTOMERS is an unknown path, not
  // a second spelling of /customers that access checks would not recognise.
  routes: async (defineRoutes) =>
    caseSensitive(flatRoutes("routes", defineRoutes, { ignoredRouteFiles: ["**/.*", "**/*.test.*", "**/__*.*"] })),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
