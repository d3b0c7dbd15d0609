/* The table view (templates/games/table.html): kept current (the page asked again every
   few seconds, 304 while the game is unchanged, the sides swapped in), the screen kept
   on (Screen Wake Lock, asked again when the page is visible again), and a "Full screen"
   button where the phone can, which also turns the screen to landscape where it may.
   The page works without this file: reloaded, it is current. */
(function () {
  "use strict";
  var PERIOD = 4000;
  var sides = document.getElementById("table-sides"), status = document.getElementById("table-status");
  var etag = null, lock = null;

  function poll() {
    if (document.hidden || !window.fetch) return;
    var headers = etag ? { "If-None-Match": etag } : {};
    fetch(location.href, { headers: headers, credentials: "same-origin", cache: "no-store" })
      .then(function (r) {
        if (r.status !== 200) return null;
        etag = r.headers.get("ETag");
        return r.text();
      })
      .then(function (html) {
        if (!html) return;
        var page = new DOMParser().parseFromString(html, "text/html");
        var newSides = page.getElementById("table-sides"), newStatus = page.getElementById("table-status");
        if (newSides && sides) sides.replaceWith(newSides);
        if (newStatus && status) status.replaceWith(newStatus);
        sides = newSides || sides;
        status = newStatus || status;
      })
      .catch(function () {});
  }
  setInterval(poll, PERIOD);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) { poll(); keepOn(); } });

  function keepOn() {
    if (lock || document.hidden || !("wakeLock" in navigator)) return;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      document.documentElement.dataset.screenOn = "1";
      sentinel.addEventListener("release", function () {
        if (lock === sentinel) lock = null;
        delete document.documentElement.dataset.screenOn;
      });
    }).catch(function () { lock = null; });
  }
  keepOn();

  var full = document.getElementById("table-full"), root = document.documentElement;
  if (full && root.requestFullscreen && document.fullscreenEnabled) {
    full.hidden = false;
    full.addEventListener("click", function () {
      var asked = document.fullscreenElement ? document.exitFullscreen() : root.requestFullscreen();
      Promise.resolve(asked).then(function () {
        var turn = screen.orientation && screen.orientation.lock;
        if (document.fullscreenElement && turn) return screen.orientation.lock("landscape");
        return null;
      }).catch(function () {});
    });
  }
})();
