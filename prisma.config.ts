// Prisma 7 configuration. Prisma does not load .env files itself, and `env("DATABASE_URL")`
// would make every command (generate included) fail when the variable is unset, so the URL is
// read from process.env and may be undefined: only commands that talk to a database need it.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: {
    path: "prisma/migrations",
  },
  datasource: {
    url: process.env.DATABASE_URL,
  },
});
