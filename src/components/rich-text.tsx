import { Box, type BoxProps } from '@chakra-ui/react';
import { useMemo } from 'react';
import { sanitizeHtml } from '@/lib/sanitize-html';

/** Server-provided HTML, sanitised (src/lib/sanitize-html.ts): no scripts, handlers or javascript: links. */
export function RichText({ html, ...props }: { html: string } & BoxProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <Box
      {...props}
      css={{ '& p': { mb: '2' }, '& p:last-child': { mb: 0 }, '& ul, & ol': { pl: '5', mb: '2' }, '& ul': { listStyleType: 'disc' }, '& ol': { listStyleType: 'decimal' }, '& a': { color: 'brand.fg', textDecoration: 'underline' } }}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
