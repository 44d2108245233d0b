/**
 * How long the secret replaced by "Rotate secret" keeps signing deliveries, as Svix does.
 * Its own file, without node:crypto, so the dashboard can state it.
 */
export const ROTATION_GRACE_HOURS = 24;
export const ROTATION_GRACE_MS = ROTATION_GRACE_HOURS * 60 * 60 * 1000;
