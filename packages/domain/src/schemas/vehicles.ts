import { z } from 'zod';
import { safeText } from './text';

/** Vehicle models of spec §3 (the cart settings' model picker). */
export const VEHICLE_MODELS = [
  'Club Car Tempo',
  'Precedent',
  'Onward',
  'Villager 6',
  'Villager 8',
  'Transporter',
  'Tempo 2+2',
  'Carryall 100',
  'Carryall 300',
  'Carryall 500',
  'Carryall 502',
  'Carryall 550',
  'Carryall 700',
  'Carryall 1500',
  'Carryall 1700',
  'Urban',
  'Club Car',
  'EZ-GO',
  'Yamaha',
  'None',
] as const;

/** Power types of spec §3; 'Unknown' is shown as Other. They pick the battery curve of §9. */
export const POWER_TYPES = ['FLA', 'AGM', 'Li-Ion', 'Gas', 'Li-Gen', 'Unknown'] as const;
export type PowerType = (typeof POWER_TYPES)[number];

export const vehicleInfo = z.object({
  cart: z.object({ model: z.enum(VEHICLE_MODELS), brand: safeText().trim().max(60).default('') }),
  power: z.enum(POWER_TYPES),
  notes: safeText({ multiline: true }).max(2000).default(''),
});
export type VehicleInfo = z.infer<typeof vehicleInfo>;

export const PCB_REVISIONS = [
  'v1.3.3',
  'v1.3.4',
  'v2.0',
  'v2.0 m',
  'v2.2',
  'v2.3',
  'v2.4',
  'v2.5',
  'v3.0',
  'v3.1',
  'v3.2',
  'v3.3',
  'v4.0',
  'v4.1',
  'v4.2',
  'v6.0',
  'v6.1',
  'v6.2',
  'ESP-Test',
  'Other',
] as const;
export const MODEM_TYPES = ['SIM7600', 'SIM7000', 'Other'] as const;

export const hardwareInfo = z.object({
  pcb: z.object({ rev: z.enum(PCB_REVISIONS), connector: safeText().max(40).default('') }),
  modem: z.enum(MODEM_TYPES),
  externalAntenna: z.boolean().default(false),
  notes: safeText({ multiline: true }).max(2000).default(''),
});
export type HardwareInfo = z.infer<typeof hardwareInfo>;

export const trackerServer = z.enum(['prod', 'beta']);
/** Tracker modes an admin can switch a cart to (the spec names the setting, not its values). */
export const trackerMode = z.enum(['normal', 'lowPower', 'tracking']);
