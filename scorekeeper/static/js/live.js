/* Keep the board current while other phones record hands: poll the board every few
   seconds (data-poll-ms, the LIVE_POLL_MS setting; 0 turns polling off) with
   If-None-Match (the server answers 304 while nothing changed) and swap in the new one,
   unless someone is typing in the hand form here. The event "scorekeeper:board-stale"
   (outbox.js: hands kept on this phone were just sent) asks at once. */
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live || !window.fetch) return;
  var url = live.dataset.liveUrl, etag = live.dataset.etag, PERIOD = Number(live.dataset.pollMs);
  if (!(PERIOD > 0)) return;

  function busy() {
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

  function poll() {
    if (document.hidden || busy()) { setTimeout(poll, PERIOD); return; }
    ask().then(function () { setTimeout(poll, PERIOD); });
  }

  function ask() {
    return fetch(url, { headers: { "If-None-Match": '"' + etag + '"' }, credentials: "same-origin", cache: "no-cache" })
      .then(function (r) {
        if (r.status !== 200) return;
        var tag = (r.headers.get("ETag") || "").replace(/^W\//, "").replace(/"/g, "");
        return r.text().then(function (html) {
          if (busy()) return;  // started typing meanwhile: try again next time
          swap(html);
          if (tag) etag = tag;
        });
      })
      .catch(function () {});
  }
  document.addEventListener("scorekeeper:board-stale", function () { if (!busy()) ask(); });
  setTimeout(poll, PERIOD);
})();
