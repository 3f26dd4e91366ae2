import { useState } from 'react';

/**
 * A dialog or drawer whose code loads on first use: `used` turns true at the first opening and stays so, so the lazy
 * component is mounted only from then on (DESIGN.md first-load budget) and keeps its closing animation afterwards.
 */
export function useOnDemand(): { open: boolean; used: boolean; show: () => void; close: () => void } {
  // null until the first opening, then whether it is open.
  const [open, setOpen] = useState<boolean | null>(null);
  return { open: !!open, used: open !== null, show: () => setOpen(true), close: () => setOpen(false) };
}
