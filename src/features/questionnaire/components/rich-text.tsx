import DOMPurify from 'dompurify';
import { Box, type BoxProps } from '@chakra-ui/react';
import { useMemo } from 'react';

let hooked = false;

/** Server-provided HTML, sanitised (no scripts, handlers or javascript: links); links open in a new tab. */
export function sanitizeHtml(html: string): string {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  return DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'input', 'iframe'], FORBID_ATTR: ['style'] });
}

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
