/**
 * `node --import tsx scripts/test/failure-names.ts`: the names of the last run's failed tests, one
 * line each (.ci/run prints them last, below its timings). Prints nothing when none failed.
 */
import { printFailureNames } from "@/scripts/test/slowest";

printFailureNames(process.stdout);
