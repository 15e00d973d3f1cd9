import { z } from 'zod';

/**
 * SIM cards of the trackers behind the SIM provider (spec §4 Admin, §7 SIM provider). The provider's own codes
 * are kept as numbers, because the device manager shows and sends them as the provider has them.
 */

/** The provider's endpoint status: 0 enabled, 1 disabled. */
export const SIM_ENDPOINT_STATUS = { enabled: 0, disabled: 1 } as const;
/** The SIM card's own status: 1 active, 2 suspended. */
export const SIM_STATUS = { active: 1, suspended: 2 } as const;

/** The network's view of the endpoint; the device manager colours it (green, blue, grey, red). */
export const SIM_CONNECTIVITY = ['ONLINE', 'ATTACHED', 'OFFLINE', 'BLOCKED'] as const;
export const simConnectivity = z.enum(SIM_CONNECTIVITY);
export type SimConnectivity = z.infer<typeof simConnectivity>;

export const simCardView = z.object({
  registered: z
    .boolean()
    .describe("Whether the tracker has an endpoint at the SIM provider (spec's endpointID)"),
  endpointId: z.string().nullable(),
  endpointStatus: z
    .union([z.literal(0), z.literal(1)])
    .nullable()
    .describe('0 enabled, 1 disabled'),
  simStatus: z.number().int().nullable().describe('1 active, 2 suspended'),
  connectivity: simConnectivity.nullable(),
  iccid: z.string().nullable().describe('The SIM card the modem reports (gprsCCID)'),
  carrier: z.string().nullable(),
});
export type SimCardView = z.infer<typeof simCardView>;

export const simCardPatchBody = z
  .object({ enabled: z.boolean().describe('Enables (true) or disables both the endpoint and the SIM') })
  .strict();
export type SimCardPatchBody = z.infer<typeof simCardPatchBody>;

/** The four steps of a SIM reset (spec §4), each followed by a 2 s wait. */
export const SIM_RESET_STEPS = ['disableEndpoint', 'enableEndpoint', 'suspendSim', 'activateSim'] as const;
export const simResetState = z.enum(['running', 'done', 'failed']);

export const simResetProgress = z.object({
  deviceId: z.string(),
  /** Steps finished so far (0–4). */
  step: z.number().int().min(0).max(SIM_RESET_STEPS.length),
  steps: z.literal(SIM_RESET_STEPS.length),
  state: simResetState,
  /** Why a failed reset stopped (the provider's message). */
  error: z.string().nullable(),
  startedAt: z.string(),
});
export type SimResetProgress = z.infer<typeof simResetProgress>;
