// The tournament screen refreshes itself: every few seconds it fetches the page again and
// swaps in its content (no flash, no scroll jump). Without JavaScript, the page's
// <noscript> meta refresh reloads it instead.
(function () {
  "use strict";
  var screen = document.getElementById("screen");
  if (!screen || !window.fetch || !window.DOMParser) return;
  var seconds = parseInt(screen.getAttribute("data-refresh"), 10) || 10;

  function refresh() {
    if (document.hidden) return;
    fetch(window.location.href, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.text();
      })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("screen");
        if (fresh) screen.innerHTML = fresh.innerHTML;
        document.documentElement.removeAttribute("data-stale");
      })
      .catch(function () {
        document.documentElement.setAttribute("data-stale", "true");
      });
  }

  window.setInterval(refresh, seconds * 1000);
  document.addEventListener("visibilitychange", refresh);
})();
