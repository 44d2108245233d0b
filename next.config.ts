import type { NextConfig } from "next";
import { securityHeaders } from "./lib/security-headers";

const nextConfig: NextConfig = {
  // Server-only packages that must not be bundled (native bits, wasm, worker threads).
  serverExternalPackages: ["pino", "bullmq", "ioredis", "pg", "@prisma/adapter-pg", "prom-client"],
  poweredByHeader: false,
  typedRoutes: false,
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders(process.env) }];
  },
  // /v1/contacts/ is served like /v1/contacts instead of a plain 308 outside the API envelope
  skipTrailingSlashRedirect: true,
  // proxy.ts only runs on API paths holding a `%`; Next buffers the body of such a request for
  // the proxy up to this size (default 10 MB): no API body needs more than /v1's 1 MiB there
  experimental: { proxyClientMaxBodySize: 1024 * 1024 },
};

export default nextConfig;
