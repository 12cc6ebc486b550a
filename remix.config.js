import { flatRoutes } from "remix-flat-routes";

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
  routes: async (defineRoutes) => flatRoutes("routes", defineRoutes, { ignoredRouteFiles: ["**/.*", "**/*.test.*"] }),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
