-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "rendered_body" TEXT,
ADD COLUMN     "rendered_buttons" JSONB,
ADD COLUMN     "rendered_footer" TEXT,
ADD COLUMN     "rendered_header" TEXT;

-- AlterTable (IF NOT EXISTS: another branch adds the same column; whichever runs first creates it)
ALTER TABLE "webhooks" ADD COLUMN IF NOT EXISTS "disabled_at" TIMESTAMP(3);

-- webhooks disabled before disabled_at was kept: their last change is the best guess
UPDATE "webhooks" SET "disabled_at" = "updated_at" WHERE "status" = 'disabled' AND "disabled_at" IS NULL;
