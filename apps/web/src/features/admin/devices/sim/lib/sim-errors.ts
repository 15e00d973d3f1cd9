import type { TFunction } from 'i18next';
import { ApiError, apiErrorCode } from '../../../../../lib/api-client';

export type SimAction = 'load' | 'register' | 'deregister' | 'update' | 'reset';

/** Reason codes the SIM routes give, each said in the interface language. */
const KNOWN_CODES = ['simAlreadyRegistered', 'simNotRegistered', 'simResetRunning'] as const;

/**
 * What to tell the admin when a SIM call failed: the provider away (503) or refusing (409, with its reason),
 * 'SIM Card not found' and "no CCID yet" for a registration (spec §8), otherwise the server's own message.
 */
export function simErrorText(error: unknown, action: SimAction, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('adminFirmware.sim.errors.unknown');
  const code = apiErrorCode(error);
  if (error.status === 503 || code === 'simProviderUnavailable')
    return t('adminFirmware.sim.errors.unavailable', { message: error.message });
  if (code === 'simProviderRefused')
    return t('adminFirmware.sim.errors.refused', { message: error.message.replace(/^SIM provider:\s*/, '') });
  const known = KNOWN_CODES.find((candidate) => candidate === code);
  if (known) return t(`adminFirmware.sim.errors.${known}`);
  if (action === 'register' && error.status === 404 && error.message === 'SIM Card not found')
    return t('adminFirmware.sim.errors.simNotFound');
  if (action === 'register' && error.status === 400) return t('adminFirmware.sim.errors.noCcid');
  return error.message;
}
