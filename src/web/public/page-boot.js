/* global document, requestAnimationFrame */
// Starts the app's code on a page the server rendered (docs/decisions/0013-server-rendering.md), once
// that page is on screen: on a slow line the page's style sheet and first pictures get the bandwidth
// first, and the code, which only makes the page interactive, follows. Controls that need the code
// stay disabled until it has taken the page over.
(function startPageCode() {
  var data = document.getElementById('page-code');
  if (!data) return;
  var code = JSON.parse(data.textContent);
  var PRELOADS_PER_TASK = 8;
  function start() {
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = code.entry;
    document.head.appendChild(script);
    // The modules the entry imports are asked for at once rather than as each import is found; a few
    // at a time, each few in a task of its own: adding some fifty links in one task held the page for
    // up to 47 ms.
    var waiting = code.preload.slice();
    (function preloadSome() {
      waiting.splice(0, PRELOADS_PER_TASK).forEach(function (href) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.appendChild(link);
      });
      if (waiting.length > 0) setTimeout(preloadSome, 0);
    })();
  }
  var started = false;
  function startOnce() {
    if (started) return;
    started = true;
    start();
  }
  // Once the page has painted; without paint timing, a frame later; and in any case within 3 s.
  if (typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0) {
    if (performance.getEntriesByName('first-contentful-paint').length > 0) startOnce();
    else new PerformanceObserver(startOnce).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(function () {
      setTimeout(startOnce, 0);
    });
  }
  setTimeout(startOnce, 3000);
})();
