import { useEffect, useRef, useState } from 'react';
import { Box } from '@chakra-ui/react';
import { getConfig } from '@/lib/config';
import { getToken } from '@/lib/session';
import { mountProjectWidget, unmountProjectWidget } from '../widget-loader';

/**
 * Container of the external widget (SPEC §2). The script is injected after the page has loaded and rendered the
 * project, and receives the project id and the stored token. Nothing is shown when the widget is missing or fails.
 */
export function ProjectWidget({ projectId }: { projectId: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let cancelled = false;
    const start = () => {
      void mountProjectWidget({ url: getConfig().widgetUrl, element, projectId, token: getToken() }).then((ok) => {
        if (!cancelled) setMounted(ok);
      });
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', start);
      unmountProjectWidget(element);
    };
  }, [projectId]);

  return <Box ref={ref} data-testid="project-widget" data-state={mounted ? 'mounted' : 'idle'} display={mounted ? 'block' : 'none'} mb="4" />;
}
