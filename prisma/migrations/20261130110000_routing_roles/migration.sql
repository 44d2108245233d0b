-- AlterTable
ALTER TABLE "channels" ADD COLUMN     "routing_checked_at" TIMESTAMP(3),
ADD COLUMN     "routing_error" TEXT,
ADD COLUMN     "routing_roles" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "routing_standby" BOOLEAN NOT NULL DEFAULT false;
