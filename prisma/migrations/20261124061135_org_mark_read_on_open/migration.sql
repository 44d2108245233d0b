-- AlterTable
ALTER TABLE "organizations" ADD COLUMN     "mark_read_on_open" BOOLEAN NOT NULL DEFAULT false;
