/**
 * The club's time zone for ui/format.ts, set by the app state when the club's configuration loads
 * (client.timeZone). Kept apart from format.ts so the first load of the storefront does not carry
 * date-fns for it.
 */

import { DEFAULT_TIME_ZONE } from '@klubhus/domain';

export { DEFAULT_TIME_ZONE };
let clubTimeZone = DEFAULT_TIME_ZONE;

export function setClubTimeZone(timeZone: string | null | undefined) {
  clubTimeZone = timeZone || DEFAULT_TIME_ZONE;
}
export const getClubTimeZone = () => clubTimeZone;
