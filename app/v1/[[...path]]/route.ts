import { notFoundRoute } from "@/lib/api/route";

const notFound = notFoundRoute();

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
