// Starts the guest page's first API request (a cart's, a club's) beside the app's code download; the app
// takes the answer once (src/ride/api/early.ts). A file, not inline: the CSP allows only this origin's scripts.
/* global window */
(function () {
  var match = /^\/(ride|guest\/site)\/([^/]+)\/?$/.exec(window.location.pathname);
  if (!match || typeof fetch !== 'function') return;
  var id;
  try {
    id = encodeURIComponent(decodeURIComponent(match[2]));
  } catch {
    return;
  }
  var path = (match[1] === 'ride' ? '/devices/' : '/sites/') + id;
  var early = {};
  early[path] = fetch('/api/guest' + path, { headers: { Accept: 'application/json' } });
  // A failure is the app's to report when it takes the answer, not an unhandled rejection.
  early[path].catch(function () {});
  window.fairwayEarly = early;
})();
