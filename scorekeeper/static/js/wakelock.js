/* The board: keep the phone's screen on while the game is open (Screen Wake Lock), with
   a toggle (#wake-toggle) that stays hidden where the browser lacks the API. On unless
   this phone turned it off (remembered); the browser drops the lock when the page is
   hidden, so it is asked for again when the page is visible again. */
(function () {
  "use strict";
  var button = document.getElementById("wake-toggle");
  if (!button || !("wakeLock" in navigator)) return;
  var KEY = "scorekeeper.wake", lock = null;

  function wanted() {
    try { return localStorage.getItem(KEY) !== "off"; } catch (e) { return true; }
  }

  function remember(on) {
    try { localStorage.setItem(KEY, on ? "on" : "off"); } catch (e) { /* private mode */ }
  }

  function show() { button.setAttribute("aria-pressed", lock ? "true" : "false"); }

  function acquire() {
    if (lock || document.hidden) return;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      sentinel.addEventListener("release", function () { if (lock === sentinel) lock = null; show(); });
      show();
    }).catch(function () { lock = null; show(); });
  }

  function release() {
    var held = lock;
    lock = null;
    if (held) held.release().catch(function () {});
    show();
  }

  button.addEventListener("click", function () {
    var on = button.getAttribute("aria-pressed") !== "true";
    remember(on);
    if (on) acquire(); else release();
  });
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && wanted()) acquire();
  });
  button.hidden = false;
  show();
  if (wanted()) acquire();
})();
