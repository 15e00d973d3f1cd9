-- The telemetry writer's insert no longer checks each position against devices (60 % of its cost, issue 22): it
-- keeps only reports of existing carts, and deleting a cart deletes its positions (admin-devices.repository.ts).
ALTER TABLE "positions" DROP CONSTRAINT "positions_device_id_devices_id_fk";
