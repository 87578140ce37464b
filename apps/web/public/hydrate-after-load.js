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
  // A tap on a button of the painted page before its scripts have run would do nothing: the last one is
  // kept, and the app gives it again once the page has hydrated (src/lib/hydration.ts). Links work
  // without scripts, and a form's buttons wait in a disabled fieldset. From the start of hydration
  // (`vmesteEarlyTap` set to null) React answers taps itself.
  document.addEventListener(
    'click',
    function (event) {
      if (window.vmesteEarlyTap === null || !(event.target instanceof Element)) return;
      var button = event.target.closest('button, [role="button"]');
      if (!button || button.disabled || button.closest('form')) return;
      window.vmesteEarlyTap = { element: button, at: Date.now() };
    },
    true,
  );
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
})();
