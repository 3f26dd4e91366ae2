import { lazy } from 'react';

const load = () => import('./info-dialog');

/** Issue 19: the questionnaire's text dialog (and Chakra's dialog and focus trap) is not part of the form's first load. */
export const InfoDialog = lazy(() => load().then((m) => ({ default: m.InfoDialog })));

/** Fetches the dialog's code ahead of a dialog that will open by itself (the first dialog, 1.5 s after opening). */
export function preloadInfoDialog(): void {
  void load().catch(() => undefined);
}
