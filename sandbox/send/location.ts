import { z } from "zod";

function coordinate(limit: number) {
  return z
    .union([
      z.number(),
      z
        .string()
        .regex(/^-?\d+(\.\d+)?$/)
        .transform(Number),
    ])
    .pipe(z.number().min(-limit).max(limit));
}

export const locationObject = z.strictObject({
  latitude: coordinate(90),
  longitude: coordinate(180),
  name: z.string().max(1000).optional(),
  address: z.string().max(1000).optional(),
});
