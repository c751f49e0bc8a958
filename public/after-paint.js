/* global document, requestAnimationFrame, setTimeout */
/*
 * Server-rendered pages load the app after their first paint (server/ssr/html-document.ts).
 * The page is drawn from its HTML and CSS; the app's JavaScript (~120 KB gzip) only attaches to
 * it, so it must not share the first paint's connection with the stylesheets. This script (no
 * build step: it is served and precached as it is) reads the entry chunk and the page's chunks
 * from its own tag and asks for them once the first frame is drawn: requestAnimationFrame runs
 * just before that frame, the timeout just after it. A tap meanwhile is kept and replayed
 * (src/lib/early-input.ts).
 */
(function () {
  var tag = document.currentScript;
  var entry = tag && tag.getAttribute('data-entry');
  if (!entry) return;
  var chunks = (tag.getAttribute('data-chunks') || '').split(' ').filter(Boolean);
  requestAnimationFrame(function () {
    setTimeout(function () {
      // The entry first: it is the largest, and HTTP/1.1 has six connections for the rest.
      var script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = entry;
      document.head.append(script);
      chunks.forEach(function (href) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.append(link);
      });
    }, 0);
  });
})();
