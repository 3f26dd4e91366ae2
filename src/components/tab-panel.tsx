import { Box, type BoxProps } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';

/*
 * Issue 19: the panels of Chakra's `Tabs`, without the tabs machine's scan of them.
 *
 * Ark's `Tabs.Content` lets zag's tabs machine look at the selected panel in an animation frame after mount and after
 * every switch (`syncTabIndex`: an empty panel gets tabindex 0), and it does so by reading the size of every focusable
 * element inside (`getFocusables` → `offsetWidth`). On /tasks that panel is the whole list: a forced style and layout
 * of the page, 40–70 ms at full CPU speed in a cold load, the longest task of the screen (Lighthouse's phone runs it
 * 4× slower). The machine only scans the element with the id it gave the content; these panels carry ids of their own,
 * so it finds nothing to scan. The tabs themselves (list, keyboard, selection, indicator) stay the machine's. The
 * machine's rule, without layout: a panel with nothing focusable is itself in the tab order (WAI-ARIA APG, tabs).
 */

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** `ids` for `Tabs.Root` and `aria-controls` for each `Tabs.Trigger` of tabs whose panels are `TabPanel`s named `name`. */
export function tabPanelLinks(name: string) {
  return {
    ids: {
      trigger: (value: string) => `${name}-tab-${value}`,
      // The machine's own content id: no element has it, so the machine has no panel to scan.
      content: (value: string) => `${name}-tab-${value}-machine`,
    },
    /** The tab names its panel while selected, as the machine does for its own content. */
    controls: (value: string, selected: string) => ({
      'aria-controls': value === selected ? `${name}-panel-${value}` : undefined,
    }),
  };
}

export interface TabPanelProps extends BoxProps {
  name: string;
  value: string;
  selected: string;
  /** Mounted when first selected, then kept (hidden) when another tab is selected: `lazyMount` of `Tabs.Root`. */
  lazyMount?: boolean;
}

export function TabPanel({ name, value, selected, lazyMount = false, children, ...rest }: TabPanelProps) {
  const isSelected = value === selected;
  const [seen, setSeen] = useState(isSelected);
  if (isSelected && !seen) setSeen(true);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !isSelected) return;
    if (el.querySelector(FOCUSABLE)) el.removeAttribute('tabindex');
    else el.setAttribute('tabindex', '0');
  });
  if (lazyMount && !seen) return null;
  return (
    <Box
      ref={ref}
      role="tabpanel"
      id={`${name}-panel-${value}`}
      aria-labelledby={`${name}-tab-${value}`}
      hidden={!isSelected}
      width="100%"
      focusVisibleRing="inside"
      {...rest}
    >
      {children}
    </Box>
  );
}
