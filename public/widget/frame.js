/*
 * The project widget's own document (SPEC §2, §7: the widget gets the project id and the access token, nothing more).
 * The app loads this page in an iframe sandboxed to "allow-scripts" only: it runs in an opaque origin, so the widget
 * script it loads cannot read the app's local storage (renew token, an administrator's kept session during «Войти как»),
 * its IndexedDB drafts, cookies or DOM. The app and this page talk by postMessage only:
 *   frame → app  {type:'project-widget:ready'}
 *   app → frame  {type:'project-widget:init', widgetUrl, projectId, token}
 *   frame → app  {type:'project-widget:mounted'} | {type:'project-widget:failed', reason} | {type:'project-widget:height', height}
 */
(function () {
  'use strict';
  var element = document.getElementById('widget');
  var started = false;

  function tell(message) {
    window.parent.postMessage(message, '*');
  }

  function reportHeight() {
    // The exact (fractional) height, rounded up: a pixel less would cut the widget's last line.
    var exact = document.documentElement.getBoundingClientRect().height;
    tell({ type: 'project-widget:height', height: Math.ceil(Math.max(exact, document.documentElement.scrollHeight)) });
  }

  function fail(reason) {
    tell({ type: 'project-widget:failed', reason: reason });
  }

  window.addEventListener('message', function (event) {
    if (event.source !== window.parent || started) return;
    var data = event.data || {};
    if (data.type !== 'project-widget:init' || typeof data.widgetUrl !== 'string') return;
    started = true;
    var script = document.createElement('script');
    script.src = data.widgetUrl;
    script.async = true;
    script.setAttribute('data-project-widget', '');
    script.setAttribute('data-project-id', String(data.projectId));
    script.onerror = function () {
      fail('Не удалось загрузить скрипт виджета');
    };
    script.onload = function () {
      var widget = window.ProjectWidget;
      if (!widget || typeof widget.init !== 'function') return fail('Скрипт виджета не предоставил ProjectWidget.init');
      try {
        widget.init({ element: element, projectId: data.projectId, token: data.token });
      } catch (error) {
        return fail(String((error && error.message) || error));
      }
      tell({ type: 'project-widget:mounted' });
      reportHeight();
      if (typeof ResizeObserver === 'function') new ResizeObserver(reportHeight).observe(document.body);
    };
    document.body.appendChild(script);
  });

  tell({ type: 'project-widget:ready' });
})();
