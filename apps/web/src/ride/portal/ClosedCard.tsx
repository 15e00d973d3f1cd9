import type { PublicSite } from '@fairway/domain';
import { clockAt } from '@fairway/domain/rules/club-clock';
import { useI18n, useNamespace } from '../i18n/I18nProvider';
import { weekdayName } from '../lib/format';
import { useNow } from '../lib/use-now';
import { portalMessages } from './locales';

/** Monday first, as the clubs' own notice boards; day 0 is Sunday (spec §3 opening hours). */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

/**
 * Spec §2: the club is closed now; its week's opening hours, today highlighted, closed days labelled. Plain
 * elements styled by ride.css: the portal's home shows it on its first screen (issue 22 item 6).
 */
export function ClosedCard({ site }: { site: PublicSite }) {
  const { locale } = useI18n();
  const tp = useNamespace(portalMessages);
  const today = clockAt(useNow(60_000), site.timezone).day;
  return (
    <section className="rd-card" aria-labelledby="portal-closed">
      <h2 id="portal-closed" className="rd-h6">
        {tp('closed.title')}
      </h2>
      <p className="rd-card-text">{tp('closed.text')}</p>
      <table className="rd-hours">
        <caption>{tp('closed.hours')}</caption>
        <tbody>
          {WEEK.map((day) => {
            const hours = site.openingHours[day];
            const isToday = day === today;
            return (
              <tr key={day} aria-current={isToday ? 'date' : undefined}>
                <th scope="row">
                  {weekdayName(day, locale)}
                  {isToday && ` · ${tp('closed.today')}`}
                </th>
                <td className={hours ? undefined : 'rd-secondary'}>
                  {hours ? `${hours.openTime}–${hours.closeTime}` : tp('closed.closedDay')}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
