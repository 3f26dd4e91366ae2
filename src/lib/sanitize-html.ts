import DOMPurify from 'dompurify';

/**
 * Rich text from the server (competition and questionnaire descriptions) is HTML: it is sanitised with DOMPurify
 * (no scripts, handlers, frames, forms, styles or javascript:/data: links); links open in a new tab.
 *
 * Before DOMPurify parses the text, event-handler attributes are renamed: the browser compiles `on…=` attributes as
 * soon as they are parsed, even in an inert document, and reports each one as a CSP violation. Renaming them keeps a
 * CSP report meaningful (a report means a real attempt got through), and DOMPurify removes the renamed attribute.
 */
const TAG = /<[a-z!/?](?:"[^"]*"|'[^']*'|[^'">])*>?/gi;
const HANDLER_ATTRIBUTE = /([\s"'/])on([a-z]+\s*=)/gi;
const defuseHandlers = (html: string) => html.replace(TAG, (tag) => tag.replace(HANDLER_ATTRIBUTE, '$1data-removed-on$2'));

let hooked = false;

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
  return DOMPurify.sanitize(defuseHandlers(html), {
    // svg and math: no use in descriptions, and the namespaces behind known mutation-XSS tricks.
    FORBID_TAGS: ['svg', 'math', 'style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'frame', 'object', 'embed', 'base', 'meta', 'link'],
    FORBID_ATTR: ['style', 'srcset', 'formaction', 'xlink:href', 'action'],
    ALLOW_DATA_ATTR: false,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|#|\/(?!\/)|[^a-z]*$)/i,
  });
}
