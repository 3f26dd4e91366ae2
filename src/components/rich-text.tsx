import { Box, type BoxProps } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { htmlText, loadSanitizer, sanitizeHtml, sanitizerReady } from '@/lib/sanitize-html';

/** Loads the sanitiser (lazily, issue 19) and re-renders when it is there. */
export function useSanitizer(): boolean {
  const [ready, setReady] = useState(sanitizerReady);
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadSanitizer().then(
      () => live && setReady(true),
      (error: unknown) => console.warn('sanitiser not loaded', error),
    );
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}

/**
 * Server-provided HTML, sanitised (src/lib/sanitize-html.ts): no scripts, handlers or javascript: links. Until the
 * sanitiser has loaded, the text of the HTML is shown (never its markup), so the page keeps its shape. Its paragraphs,
 * lists and links are styled by the theme's `cab-rich` class (app/hot-styles.ts), not per instance; without style
 * props it is a plain element (a questionnaire shows one per field).
 */
export function RichText({ html, className, ...props }: { html: string; className?: string } & BoxProps) {
  const ready = useSanitizer();
  // Sanitised markup once the sanitiser is there, the plain text before: each worked out once per text.
  const content = useMemo(() => (ready ? { html: sanitizeHtml(html) } : { text: htmlText(html) }), [html, ready]);
  const classes = className ? `cab-rich ${className}` : 'cab-rich';
  const plain = Object.keys(props).length === 0;
  if ('text' in content) {
    return plain ? (
      <div className={classes} style={PRE_LINE}>
        {content.text}
      </div>
    ) : (
      <Box {...props} className={classes} whiteSpace="pre-line">
        {content.text}
      </Box>
    );
  }
  return plain ? <div className={classes} dangerouslySetInnerHTML={{ __html: content.html }} /> : <Box {...props} className={classes} dangerouslySetInnerHTML={{ __html: content.html }} />;
}

const PRE_LINE = { whiteSpace: 'pre-line' } as const;
