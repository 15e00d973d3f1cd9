import { createContext, useContext } from 'react';
import type { DecimalSeparator } from '../lib/amount';
import type { GroupName } from '../lib/service-form';

/**
 * What the service dialog's parts share beside the form itself (react-hook-form's context): the message to
 * show at a form path, and the site's currency and user groups the prices are in.
 */
export interface ServiceFormContextValue {
  /** The translated problem at `path`, once it should show; undefined when there is none to show. */
  errorAt: (path: string) => string | undefined;
  currency: string;
  separator: DecimalSeparator;
  groups: readonly GroupName[];
  groupsLoading: boolean;
  groupsFailed: boolean;
  /** The default name of a guest price, in the interface language. */
  guestName: string;
}

export const ServiceFormContext = createContext<ServiceFormContextValue | null>(null);

export function useServiceFormContext(): ServiceFormContextValue {
  const value = useContext(ServiceFormContext);
  if (!value) throw new Error('useServiceFormContext outside the service dialog');
  return value;
}
