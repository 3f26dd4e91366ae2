import { useState } from 'react';

/**
 * A dialog or drawer whose code loads on first use: `used` turns true at the first opening and stays so, so the lazy
 * component is mounted only from then on (DESIGN.md first-load budget) and keeps its closing animation afterwards.
 */
export function useOnDemand(): { open: boolean; used: boolean; show: () => void; close: () => void } {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return {
    open,
    used,
    show: () => {
      setUsed(true);
      setOpen(true);
    },
    close: () => setOpen(false),
  };
}
