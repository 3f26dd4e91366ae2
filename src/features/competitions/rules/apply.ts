/**
 * SPEC §2 "Подать заявку": shown only on the details tab, "when one flag and either of two further flags hold"
 * (the flags are not named). Our reading:
 *   canCreate (the user's roles allow the create route, SPEC §6)
 *   AND (filling is open — dateFillFrom (or dateFrom) has passed and dateTo has not
 *        OR pre-registration is open — preRegistration is required and dateTo has not passed).
 * Pre-registration is itself an application, so it is possible before filling opens.
 */
export function canApply(
  c: { dateFrom?: string | null; dateTo?: string | null; dateFillFrom?: string | null; preRegistration: boolean },
  options: { canCreate: boolean; now: number },
): boolean {
  if (!options.canCreate) return false;
  const time = (iso: string | null | undefined) => (iso ? Date.parse(iso) : Number.NaN);
  const start = time(c.dateFillFrom ?? c.dateFrom);
  const end = time(c.dateTo);
  const notEnded = Number.isNaN(end) || options.now <= end;
  const fillingOpen = (Number.isNaN(start) || options.now >= start) && notEnded;
  const preRegistrationOpen = c.preRegistration && notEnded;
  return fillingOpen || preRegistrationOpen;
}
