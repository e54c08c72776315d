import { addDays, formatISO, parseISO } from 'date-fns';
import { DUE_SOON_DAYS } from '../../shared/limits';

/** The last day 'due soon' covers, counted from today ('YYYY-MM-DD', UTC): the dashboard's list and due=soon. */
export const dueSoonThrough = (today: string) => formatISO(addDays(parseISO(today), DUE_SOON_DAYS), { representation: 'date' });
