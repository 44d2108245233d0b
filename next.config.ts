import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Server-only packages that must not be bundled (native bits, wasm, worker threads).
  serverExternalPackages: ["pino", "bullmq", "ioredis", "pg", "@prisma/adapter-pg"],
  poweredByHeader: false,
  typedRoutes: false,
  // /v1/contacts/ is served like /v1/contacts instead of a plain 308 outside the API envelope
  skipTrailingSlashRedirect: true,
};

export default nextConfig;
