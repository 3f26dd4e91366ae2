import type { DOMPurify as Purifier } from 'dompurify';

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

let purifier: Purifier | null = null;
let loading: Promise<Purifier> | null = null;

/**
 * Issue 19: DOMPurify (11 KiB gzip) is loaded when the first rich text is about to be shown, not with the screen's
 * code. A failed load (offline without the service worker) is tried again on the next call.
 */
export function loadSanitizer(): Promise<Purifier> {
  loading ??= import('dompurify').then(
    ({ default: DOMPurify }) => {
      DOMPurify.addHook('afterSanitizeAttributes', (node) => {
        if (node.tagName === 'A' && node.getAttribute('href')) {
          node.setAttribute('target', '_blank');
          node.setAttribute('rel', 'noopener noreferrer');
        }
      });
      purifier = DOMPurify;
      return DOMPurify;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The sanitiser is loaded: `sanitizeHtml` may be called. */
export function sanitizerReady(): boolean {
  return purifier !== null;
}

/**
 * The plain text of server HTML, for the moment before the sanitiser is there: parsed in an inert document (no script
 * runs, nothing loads) after the handlers were defused, and only its text is kept.
 */
export function htmlText(html: string): string {
  return new DOMParser().parseFromString(defuseHandlers(html), 'text/html').body.textContent ?? '';
}

/** Sanitises server HTML; `loadSanitizer()` must have settled first. */
export function sanitizeHtml(html: string): string {
  if (!purifier) throw new Error('sanitizeHtml before loadSanitizer()');
  return purifier.sanitize(defuseHandlers(html), {
    // svg and math: no use in descriptions, and the namespaces behind known mutation-XSS tricks.
    FORBID_TAGS: ['svg', 'math', 'style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'frame', 'object', 'embed', 'base', 'meta', 'link'],
    FORBID_ATTR: ['style', 'srcset', 'formaction', 'xlink:href', 'action'],
    ALLOW_DATA_ATTR: false,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|#|\/(?!\/)|[^a-z]*$)/i,
  });
}
