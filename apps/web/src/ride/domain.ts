/**
 * The shared rules the guest app uses, imported from their own modules rather than from the
 * `@fairway/domain` barrel: the barrel's zod schemas are built at module load, so a bundler cannot drop
 * them, and one value imported through it costs the guest's first visit ~40 kB of gzip JavaScript (the
 * whole domain plus zod). These modules import nothing. Types come from the barrel (`import type` is free).
 */
export {
  formatElapsed,
  RIDE_POLL_MS,
  UNLOCK_CONFIRM_WAIT_MS,
  unlockPhase,
  type UnlockPhase,
} from '../../../../packages/domain/src/rules/rides';
export { currencyMinorUnits } from '../../../../packages/domain/src/catalogues/currencies';
