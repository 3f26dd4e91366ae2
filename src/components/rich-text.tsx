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
 * sanitiser has loaded, the text of the HTML is shown (never its markup), so the page keeps its shape.
 */
export function RichText({ html, ...props }: { html: string } & BoxProps) {
  const ready = useSanitizer();
  // Sanitised markup once the sanitiser is there, the plain text before: each worked out once per text.
  const content = useMemo(() => (ready ? { html: sanitizeHtml(html) } : { text: htmlText(html) }), [html, ready]);
  if ('text' in content) return <Box {...props} css={RICH_TEXT_CSS} whiteSpace="pre-line">{content.text}</Box>;
  return <Box {...props} css={RICH_TEXT_CSS} dangerouslySetInnerHTML={{ __html: content.html }} />;
}

const RICH_TEXT_CSS = { '& p': { mb: '2' }, '& p:last-child': { mb: 0 }, '& ul, & ol': { pl: '5', mb: '2' }, '& ul': { listStyleType: 'disc' }, '& ol': { listStyleType: 'decimal' }, '& a': { color: 'brand.fg', textDecoration: 'underline' } };
