import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserGroups } from '../../user-groups';
import { decimalSeparator } from '../lib/amount';
import type { GroupName } from '../lib/service-form';
import type { ServiceFormContextValue } from './service-form-context';

const NO_GROUPS: readonly GroupName[] = [];

/**
 * The service dialog's shared context, keeping its identity while the messages read the same: the prices
 * are memoised and so re-render when what they show changes, not on every keystroke elsewhere.
 */
export function useServiceFormContextValue(
  siteId: string,
  currency: string,
  /** The messages to show, by form path. */
  messages: Record<string, string>,
): ServiceFormContextValue {
  const { t, i18n } = useTranslation();
  const groups = useUserGroups(siteId);
  const separator = decimalSeparator(i18n.resolvedLanguage);
  const guestName = t('services.price.guest');
  const groupList = groups.data ?? NO_GROUPS;
  const messagesKey = JSON.stringify(messages);
  return useMemo<ServiceFormContextValue>(() => {
    const shown = JSON.parse(messagesKey) as Record<string, string>;
    return {
      errorAt: (path) => shown[path],
      currency,
      separator,
      groups: groupList,
      groupsLoading: groups.isPending,
      groupsFailed: groups.isError,
      guestName,
    };
  }, [messagesKey, currency, separator, groupList, groups.isPending, groups.isError, guestName]);
}
