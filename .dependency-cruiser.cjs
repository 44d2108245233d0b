/**
 * The walls of the house (docs/architecture.md), checked by `npm run lint` and CI:
 * `npm run deps` prints what crosses one. The wall between lib/ folders (no folder loops) is
 * .dependency-cruiser-folders.cjs, a second cruise of the same options without the tests.
 */
const TESTS =
  "(\\.test\\.ts$|^scripts/test(/|\\.ts$)|^scripts/bench/|^scripts/topology(/|\\.ts$)|^e2e/|/test-support\\.ts$)";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Modules form no loops (type-only imports included): a loop makes layers meaningless.",
      from: {},
      to: { circular: true },
    },
    {
      name: "lib-stays-below",
      severity: "error",
      comment: "lib/ is the domain: it never reaches up into routes, pages, the worker or the sandbox.",
      from: { path: "^lib/", pathNot: TESTS },
      to: { path: "^(app|components|worker|sandbox|scripts)/" },
    },
    {
      name: "lib-tests-stay-below",
      severity: "error",
      comment:
        "lib/'s tests stay below too, but for the shared test fixtures (scripts/test/: the repositories' two organizations).",
      from: { path: "^lib/.*\\.test\\.ts$" },
      to: { path: "^(app|components|worker|sandbox|scripts)/", pathNot: "^scripts/test/" },
    },
    {
      name: "openapi-on-top",
      severity: "error",
      comment:
        "lib/openapi reads every domain's endpoint declarations to build the reference; nothing in lib/ or the worker reads it back (app/, components/ and the test scripts may).",
      from: { path: "^(lib|worker)/", pathNot: "^lib/openapi/" },
      to: { path: "^lib/openapi/" },
    },
    {
      name: "api-below-domains",
      severity: "error",
      comment:
        "lib/api (envelope, errors, the route wrapper with its key lookup and scopes, the endpoint type) is below the domains: they import it, it imports none of them; only the request metrics (lib/metrics). Its tests may make data through the domains.",
      from: { path: "^lib/api/", pathNot: TESTS },
      to: {
        path: "^lib/[^/]+/",
        pathNot: "^lib/(api|generated|metrics|server-only)/|^lib/web/client-address\\.ts$",
      },
    },
    {
      name: "net-at-the-bottom",
      severity: "error",
      comment:
        "lib/net (the guarded HTTP client and its address rules) serves every domain and knows none of them.",
      from: { path: "^lib/net/" },
      to: { path: "^lib/[^/]+/", pathNot: "^lib/(net|server-only)/" },
    },
    {
      name: "dashboard-on-top",
      severity: "error",
      comment:
        "lib/dashboard/ (the dashboard's route wrapper and overview) sits above the domains: no other lib/ folder imports it.",
      from: { path: "^lib/", pathNot: "^lib/dashboard/" },
      to: { path: "^lib/dashboard/" },
    },
    {
      name: "worker-not-web",
      severity: "error",
      comment: "The worker runs lib/ functions; it never imports the web app.",
      from: { path: "^worker/" },
      to: { path: "^(app|components)/" },
    },
    {
      name: "sandbox-stands-alone",
      severity: "error",
      comment: "The sandbox is a stand-in of the upstream: it shares no code with the product.",
      from: { path: "^sandbox/" },
      to: { path: "^(app|components|lib|worker|scripts)/" },
    },
    {
      name: "product-not-sandbox",
      severity: "error",
      comment: "The product talks to the sandbox over HTTP only, like to the real upstream.",
      from: { path: "^(app|components|lib|worker)/", pathNot: TESTS },
      to: { path: "^sandbox/" },
    },
    {
      name: "handlers-call-lib",
      severity: "error",
      comment: "Route handlers and pages call lib/ functions; they never hold the database client.",
      from: { path: "^app/", pathNot: TESTS },
      to: { path: "^lib/(db\\.ts|generated/)" },
    },
    {
      name: "components-no-server",
      severity: "error",
      comment:
        'React components (every "use client" file lives in components/: lib/server-only/server-only.test.ts) never reach the database, Redis or the queues, not even through a type: their types come from the domains\' *-schemas.ts and *-json.ts files. In a browser bundle `#server-only` fails the Next build as well.',
      // the two server components of components/ read the session (database, Redis)
      from: { path: "^components/", pathNot: "^components/dashboard/(role-gate|shell)\\.tsx$" },
      to: { path: "^lib/(db|redis|queues)\\.ts$|^lib/generated/", reachable: true },
    },
    {
      name: "examples-stand-alone",
      severity: "error",
      comment:
        "examples/ holds samples our customers copy as they are (docs/webhooks.md): nothing but Node.js and each other.",
      from: { path: "^examples/" },
      to: { path: "^(app|components|lib|worker|sandbox|scripts|sdk|e2e)/" },
    },
    {
      name: "no-examples-in-product",
      severity: "error",
      comment: "Product code never imports a sample; only the tests that prove the samples work do.",
      from: { pathNot: TESTS },
      to: { path: "^examples/" },
    },
    {
      name: "no-tests-in-product",
      severity: "error",
      comment: "Product code never imports test support.",
      from: { pathNot: TESTS },
      to: { path: TESTS },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|\\.next|lib/generated)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
    },
  },
};
