import { lazy } from 'react';

/** Issue 19: the questionnaire's text dialog (and Chakra's dialog and focus trap) loads when a dialog first opens. */
export const InfoDialog = lazy(() => import('./info-dialog').then((m) => ({ default: m.InfoDialog })));
