/**
 * What `#server-only` is in a browser bundle (package.json `imports`, `browser` condition): Next
 * refuses `server-only` in a client module at build time, naming the import chain that led here.
 * A client component that reaches the database, Redis or the queues fails `next build`.
 */
import "server-only";
