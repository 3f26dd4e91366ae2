import type { FastifyInstance } from 'fastify';

// ------------------------------------------------------------------------------------------------ demo widget

/**
 * The external project widget (SPEC §2: "An external widget script is injected after the page loads, given the
 * project id and the stored access token"). This demo stands in for the real one: it reads the project's task and
 * RID counts with the token it was given and renders them with textContent only.
 */
export const PROJECT_WIDGET_JS = `(function () {
  'use strict';
  var scriptUrl = document.currentScript && document.currentScript.src;
  var origin = scriptUrl ? new URL(scriptUrl).origin : location.origin;
  function el(tag, text, style) {
    var node = document.createElement(tag);
    if (text) node.textContent = text;
    if (style) node.setAttribute('style', style);
    return node;
  }
  function getJson(base, path, token) {
    return fetch(base + path, { headers: { Authorization: 'Bearer ' + token } }).then(function (r) {
      if (!r.ok) throw new Error('HTTP ' + r.status);
      return r.json();
    });
  }
  function init(options) {
    var element = options && options.element;
    var projectId = Number(options && options.projectId);
    var token = options && options.token;
    if (!element || !projectId || !token) throw new Error('project widget: element, projectId and token are required');
    element.replaceChildren();
    var box = el('section', null, 'border:1px solid #d5e1f5;border-radius:8px;padding:12px 16px;background:#eef3fb;font:14px/1.4 system-ui,sans-serif;color:#112851');
    box.setAttribute('aria-label', 'Сводка по проекту');
    box.setAttribute('data-project-id', String(projectId));
    box.appendChild(el('strong', 'Сводка по проекту №' + projectId));
    var line = el('div', 'Загрузка данных…', 'margin-top:4px');
    box.appendChild(line);
    element.appendChild(box);
    fetch(origin + '/config.json')
      .then(function (r) { return r.json(); })
      .then(function (config) {
        var base = String(config.apiMain || '/hosts/main');
        if (base.charAt(0) === '/') base = origin + base;
        return Promise.all([
          getJson(base, '/v1/projects/' + projectId, token),
          getJson(base, '/v2/projects/project-point/count?filter%5BprojectId%5D=' + projectId, token),
          getJson(base, '/v2/projects/rid/project/' + projectId, token),
        ]);
      })
      .then(function (results) {
        var project = results[0];
        line.textContent = '«' + project.name + '» · задач: ' + results[1].count + ' · РИД: ' + results[2].length;
      })
      .catch(function () {
        line.textContent = 'Сводка временно недоступна';
      });
  }
  window.ProjectWidget = { version: '1.0.0', init: init };
})();
`;

/** Serves the demo widget at the URL the runtime config names (config.widgetUrl). */
export function registerProjectWidget(app: FastifyInstance): void {
  app.get('/widget/project-widget.js', async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(PROJECT_WIDGET_JS),
  );
}
