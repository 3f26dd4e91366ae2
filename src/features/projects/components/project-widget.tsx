import { useEffect, useRef, useState } from 'react';
import { Box } from '@chakra-ui/react';
import { getConfig } from '@/lib/config';
import { getToken } from '@/lib/session';
import { mountProjectWidget } from '../widget-loader';

/**
 * Container of the external widget (SPEC §2). The widget is started after the page has loaded and rendered the
 * project, in its own sandboxed frame (widget-loader.ts), and receives the project id and the stored token.
 * Nothing is shown when the widget is missing or fails.
 */
export function ProjectWidget({ projectId }: { projectId: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    let widget: ReturnType<typeof mountProjectWidget> | null = null;
    const start = () => {
      widget = mountProjectWidget({ url: getConfig().widgetUrl, container, projectId, token: getToken() });
      void widget.ready.then((ok) => {
        if (container.isConnected) setMounted(ok);
      });
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      widget?.destroy();
      setMounted(false);
    };
  }, [projectId]);

  // Laid out (not display: none) while loading, so the frame measures its content at the page's width; its height
  // stays 0 until the widget reports one, and a failed widget's frame is removed.
  return <Box ref={ref} data-testid="project-widget" data-state={mounted ? 'mounted' : 'idle'} />;
}
