/* Keep the board current while other phones record hands: poll the board every few
   seconds (data-poll-ms, the LIVE_POLL_MS setting; 0 turns polling off) with
   If-None-Match (the server answers 304 while nothing changed) and swap in the new one,
   unless someone is typing in the hand form here. The event "scorekeeper:board-stale"
   (outbox.js: hands kept on this phone were just sent) asks at once.
   When the server cannot be reached (or this is the copy of the board the service worker
   kept, <html data-offline-since>), the board says "Offline · last updated at HH:MM"
   (#offline-line) and keeps trying, less and less often; back online it catches up at
   once and the line goes. The screen kept on (below) is the board's too: one file, one
   request fewer. */
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live || !window.fetch) return;
  var url = live.dataset.liveUrl, etag = live.dataset.etag, PERIOD = Number(live.dataset.pollMs);
  var line = document.getElementById("offline-line"), root = document.documentElement;
  var updatedAt = Number(root.dataset.offlineSince) || Date.now(), failures = 0, timer = null, polling = false, again = false;
  var WAIT_MS = 10000, LONGEST_MS = 60000;

  function pad(n) { return (n < 10 ? "0" : "") + n; }

  function showOffline() {
    if (!line) return;
    var when = new Date(updatedAt), clock = pad(when.getHours()) + ":" + pad(when.getMinutes());
    var text = line.dataset.text;
    if (when.toDateString() !== new Date().toDateString()) {
      text = line.dataset.textDay.replace("{date}", when.toLocaleDateString(root.lang, { day: "numeric", month: "short" }));
    }
    text = text.replace("{time}", clock);
    // Kept by an older version of the app, not fetched again since (main/sw.js).
    if (root.dataset.offlineOlder !== undefined && line.dataset.textOlder) text += " " + line.dataset.textOlder;
    line.textContent = text;
    line.hidden = false;
  }

  function reached() {
    updatedAt = Date.now();
    failures = 0;
    delete root.dataset.offlineSince;
    delete root.dataset.offlineOlder;
    if (line) line.hidden = true;
  }

  if (root.dataset.offlineSince) showOffline();
  if (!(PERIOD > 0)) return;

  function busy() {
    if (live.querySelector("#undo-form:not([hidden])")) return true;  // asked to undo
    var form = live.querySelector("#hand-form");
    if (!form) return false;
    return form.dataset.dirty === "1" || form.contains(document.activeElement) ||
      form.querySelector(".error, .preview") !== null;
  }

  function swap(html) {
    var open = [];
    live.querySelectorAll("details[open]").forEach(function (d) {
      var holder = d.closest("[id]");
      if (holder) open.push(holder.id);
    });
    live.innerHTML = html;
    open.forEach(function (id) {
      var holder = document.getElementById(id);
      var d = holder && (holder.tagName === "DETAILS" ? holder : holder.querySelector("details"));
      if (d) d.open = true;
    });
  }

  function later(ms) { clearTimeout(timer); timer = setTimeout(poll, ms); }

  /* Without an answer, the next try waits twice as long each time, up to a minute. */
  function next() { return failures ? Math.min(PERIOD * Math.pow(2, failures), LONGEST_MS) : PERIOD; }

  function poll() {
    timer = null;
    if (document.hidden || busy()) { later(PERIOD); return; }
    var abort = window.AbortController ? new AbortController() : null;
    var giveUp = abort && setTimeout(function () { abort.abort(); }, WAIT_MS);
    polling = true;
    fetch(url, { headers: { "If-None-Match": '"' + etag + '"' }, credentials: "same-origin", cache: "no-cache", signal: abort && abort.signal })
      .then(function (r) {
        if (r.status >= 500) throw new Error("server unavailable");
        reached();
        if (r.status !== 200) return;
        var tag = (r.headers.get("ETag") || "").replace(/^W\//, "").replace(/"/g, "");
        return r.text().then(function (html) {
          if (busy()) return;  // started typing meanwhile: try again next time
          swap(html);
          if (tag) etag = tag;
        });
      })
      .catch(function () { failures += 1; showOffline(); })
      .then(function () {
        polling = false;
        clearTimeout(giveUp);
        if (timer === null) later(again ? 0 : next());
        again = false;
      });
  }

  /* Back online, or back to this tab after a failed try: catch up now. */
  function catchUp() { if (!polling && (failures || root.dataset.offlineSince)) later(0); }
  window.addEventListener("online", catchUp);
  // Hands just sent from this phone: ask now (after the answer on its way, if one is).
  document.addEventListener("scorekeeper:board-stale", function () {
    if (polling) again = true; else if (!busy()) later(0);
  });
  document.addEventListener("visibilitychange", function () { if (!document.hidden) catchUp(); });
  later(root.dataset.offlineSince ? 0 : PERIOD);
})();

/* And keep the phone's screen on while the game is open (Screen Wake Lock), with
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
