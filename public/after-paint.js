/* global document, history, location, PerformanceObserver, requestAnimationFrame, setTimeout */
/*
 * Server-rendered pages load the app after their first paint (server/ssr/html-document.ts).
 * The page is drawn from its HTML and CSS; the app's JavaScript (~120 KB gzip) only attaches to
 * it, so it must not share the first paint's connection with the stylesheets. This script (no
 * build step: it is served and precached as it is) reads the entry chunk and the page's chunks
 * from its own tag and asks for them once the page's content is on screen: when the browser
 * reports the first contentful paint. Not at the next animation frame: that frame is made a few
 * milliseconds before it is shown, and scripts asked for then were still loading when the paint
 * was reported (Lighthouse then counted ~150 KB of them in front of the session's LCP: 2.45 s
 * instead of 1.2 s in some runs). A browser without paint timing waits for the frame after the
 * next one. A tap meanwhile is kept and replayed (src/lib/early-input.ts).
 */
(function () {
  var tag = document.currentScript;
  var entry = tag && tag.getAttribute('data-entry');
  if (!entry) return;
  var chunks = (tag.getAttribute('data-chunks') || '').split(' ').filter(Boolean);
  var isStarted = false;

  function loadApp() {
    if (isStarted) return;
    isStarted = true;
    // A page drawn for an address with defaults filled in (a search link without times: the
    // suggested ones; src/entry-server.tsx `address`) takes that address before the app's router
    // reads it. Written by the router after hydration, it was a navigation: a long task on a phone.
    var state = document.getElementById('pf-ssr-state');
    var address = state && state.getAttribute('data-address');
    if (address) history.replaceState(history.state, '', address + location.hash);
    // The entry first: it is the largest, and HTTP/1.1 has six connections for the rest.
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
    // Then the page's chunks, one a task: starting a request takes the main thread 0.5–4 ms on a
    // slow machine, and the entry and ~9 chunks in one task made it 10–45 ms (Chromium traces of a
    // location page at 1×, 2 cores), a long task once the CPU is four times slower.
    var next = 0;
    (function preloadNextChunk() {
      var href = chunks[next++];
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
      setTimeout(preloadNextChunk, 0);
    })();
  }

  var canObservePaint = typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0;
  if (canObservePaint) {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      loadApp();
    }).observe({ type: 'paint', buffered: true });
    // A page that never paints content (none to paint) still gets its app.
    setTimeout(loadApp, 3000);
  } else {
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        setTimeout(loadApp, 0);
      });
    });
  }
})();
