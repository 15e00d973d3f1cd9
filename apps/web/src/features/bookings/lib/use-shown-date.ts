import { addDays, localDate } from '@fairway/domain';
import { useSearchParams } from 'react-router';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The day the calendar shows, on the site's calendar, kept in the address (`?date=2026-11-25`) so a reload
 * or a shared link opens the same day; today at the club without it.
 */
export function useShownDate(timeZone: string, now: number) {
  const [params, setParams] = useSearchParams();
  const today = localDate(now, timeZone);
  const asked = params.get('date');
  const date = asked && DATE.test(asked) && !Number.isNaN(Date.parse(asked)) ? asked : today;
  const setDate = (next: string) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === today) copy.delete('date');
        else copy.set('date', next);
        return copy;
      },
      { replace: true },
    );
  return { date, today, tomorrow: addDays(today, 1), setDate };
}
