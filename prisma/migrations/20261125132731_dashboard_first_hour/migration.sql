-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "rendered_body" TEXT,
ADD COLUMN     "rendered_buttons" JSONB,
ADD COLUMN     "rendered_footer" TEXT,
ADD COLUMN     "rendered_header" TEXT;

-- AlterTable
ALTER TABLE "webhooks" ADD COLUMN     "disabled_at" TIMESTAMP(3);

-- webhooks disabled before disabled_at was kept: their last change is the best guess
UPDATE "webhooks" SET "disabled_at" = "updated_at" WHERE "status" = 'disabled';
