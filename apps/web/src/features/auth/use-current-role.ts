import type { Role } from '@fairway/domain';
import { useTokenInfo } from '../../lib/session';
import { useAccount } from './api/get-account';

/**
 * The signed-in user's role for hiding what they may not do. The account answer is read from the
 * database, so it wins over the token's claim, which may be up to 15 minutes old after a role change.
 */
export function useCurrentRole(): Role | null {
  const account = useAccount();
  const token = useTokenInfo();
  return account.data?.role ?? token?.role ?? null;
}
