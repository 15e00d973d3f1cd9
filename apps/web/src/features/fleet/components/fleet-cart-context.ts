import type { CartView } from '@fairway/domain';

/** What every fleet row and card needs besides its cart: the site's rules, the clock, the role's doors. */
export interface FleetCartContext {
  /** The site's auto-lock minutes (0 = off), for the countdown. */
  autoLockMinutes: number;
  /** Refreshed every 30 s, for last seen and the countdown. */
  now: number;
  showSignalValue: boolean;
  /** Whether the role sees carts' lock codes (user and up); below, the server sends none. */
  showCodes: boolean;
  /** Carts whose ride is overdue now (issue 23): badged in the ride column. */
  overdueCartIds: ReadonlySet<string>;
  /** Open problem reports of guests per cart id (issue 23): badged beside the status; none below user. */
  openReportCounts: ReadonlyMap<string, number>;
  /** Opens the cart sidebar; null when the role may not (below user). */
  onOpen: ((cart: CartView) => void) | null;
  /** Opens the cart modal with its quick actions; null when the role may not (below basic). */
  onQuickActions: ((cart: CartView) => void) | null;
}
