import { Box } from '@chakra-ui/react';

/** The frames index.html painted before any script (the sign-in card, the cabinet's; html[data-boot] shows one). */
const painted = [...document.querySelectorAll<HTMLElement>('#root > .boot')];

/** Whether what index.html painted is the cabinet: its frame, or the picture of the last visit over it (boot-frame.js). */
export const cabinetFramePainted = () => /^(cabinet|snapshot)$/.test(document.documentElement.dataset.boot ?? '');

/**
 * The painted frame stays on screen until the first route is drawn: React empties #root on its first commit, and the
 * router draws nothing until the route's guard and chunks are in — an empty page for ~0.15–0.25 s of a phone's first
 * visit (CPU 4×). Its nodes are put back as they are, with the service message boot.js drew in the cabinet's.
 */
export function PaintedFrame() {
  return <div style={{ display: 'contents' }} ref={(box) => void box?.append(...painted)} />;
}

/** Styled by a class of index.html's sheet, not a recipe: it may show before the cabinet's styles are set up (hot-styles.ts). */
export function PendingView() {
  return (
    <Box py="16" textAlign="center" aria-busy="true">
      <span className="cab-spinner" role="status" aria-label="Загрузка" />
    </Box>
  );
}

/**
 * The signed-in layout's pending view (routes/_cabinet.tsx): the frame index.html painted stays while the layout's
 * guard waits for the user's call; without one (just signed in from the sign-in card) the spinner, as before.
 */
export function CabinetPending() {
  return cabinetFramePainted() ? <PaintedFrame /> : <PendingView />;
}
