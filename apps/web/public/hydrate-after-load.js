// A page the server rendered is read before its scripts run (decision 036): its hydration starts once
// the page has loaded (its style sheets and the pictures in view), so the scripts never share a slow
// link with what paints the page. The server names the entry in `data-entry`; a classic script, as the
// Content-Security-Policy allows no inline one.
(function () {
  var entry = document.currentScript && document.currentScript.getAttribute('data-entry');
  if (!entry) return;
  function start() {
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
})();
