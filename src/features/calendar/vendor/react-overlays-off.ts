/**
 * Stands in for 'react-overlays' inside react-big-calendar (alias in vite.config.ts). The library imports its Overlay
 * (with @popperjs/core, @restart/hooks and part of dom-helpers: ~9 KiB gzip) only to draw the "ещё N" popup, and only
 * when the `popup` prop is on. The calendar screen sets popup={false}: a crowded day opens the screen's own dialog
 * (DayListDialog), so the Overlay is never rendered. Should that change, this fails loudly — in every build, so the
 * screen's error view says so — instead of silently drawing nothing.
 */
export function Overlay(): null {
  throw new Error('react-big-calendar: popup is off in this app (react-overlays is not bundled)');
}
