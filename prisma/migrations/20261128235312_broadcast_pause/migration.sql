-- A broadcast that pauses itself says why (pause), and where its current failure window opened
-- (failure_window): lib/broadcasts/pause-on-failures.ts
ALTER TABLE "broadcasts" ADD COLUMN "failure_window" JSONB,
ADD COLUMN "pause" JSONB;
