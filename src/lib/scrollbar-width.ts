/**
 * Issue 19: while a dialog is open, Chakra's dialogs lock the page's scrolling (zag's remove-scroll), which sets the
 * custom property `--scrollbar-width` on <html> each time a dialog opens and puts it back when it closes. A custom
 * property set on the root makes the browser restyle every element of the page: 6.6 ms at full speed on START-2026's
 * form, each way (a phone is several times slower, and a 300-field form has many more elements), inside the frame that
 * shows the dialog. zag leaves the property alone when it already holds the value it would set, so the page keeps it
 * up to date itself: at start, and when the page's scrollbar comes or goes (a phone's scrollbar takes no room: never).
 * While a dialog holds the lock the scrollbar is hidden on purpose, and the value is left as it was.
 */
export function keepScrollbarWidth(doc: Document = document): () => void {
  const html = doc.documentElement;
  const view = doc.defaultView;
  if (!view) return () => undefined;
  const sync = () => {
    if (doc.body?.hasAttribute('data-scroll-lock')) return;
    // The same measure as zag's lock: the window's width less the page's.
    const width = `${view.innerWidth - html.clientWidth}px`;
    if (html.style.getPropertyValue('--scrollbar-width') !== width) html.style.setProperty('--scrollbar-width', width);
  };
  sync();
  if (typeof view.ResizeObserver !== 'function') return () => undefined;
  const observer = new view.ResizeObserver(sync);
  observer.observe(html);
  return () => observer.disconnect();
}
