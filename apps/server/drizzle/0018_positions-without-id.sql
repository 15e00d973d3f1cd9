-- Positions are read only by cart and time (positions_device_ts_idx): the id, its sequence and the primary key
-- (id, ts) cost a third of the telemetry writer's insert and 40 of 182 bytes per row (issue 22). Both drops change
-- only the catalog; rows written before keep their bytes until their month's partition is dropped.
ALTER TABLE "positions" DROP CONSTRAINT "positions_id_ts_pk";--> statement-breakpoint
ALTER TABLE "positions" DROP COLUMN "id";