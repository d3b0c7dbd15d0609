/* The offline page: list the boards this phone keeps (the service worker's cache of
   boards, templates/main/sw.js), newest first, each with the time it was last updated.
   Each opens without signal from its kept copy. */
(function () {
  "use strict";
  var section = document.getElementById("kept-boards");
  if (!section || !window.caches) return;
  var data = section.dataset, list = document.getElementById("kept-list");

  function pad(n) { return (n < 10 ? "0" : "") + n; }

  /* "last updated at HH:MM" in the phone's time, with the day when it was not today. */
  function updated(time) {
    var when = new Date(time), now = new Date();
    var clock = pad(when.getHours()) + ":" + pad(when.getMinutes());
    if (when.toDateString() === now.toDateString()) return data.updated.replace("{time}", clock);
    var day = when.toLocaleDateString(document.documentElement.lang, { day: "numeric", month: "short" });
    return data.updatedDay.replace("{date}", day).replace("{time}", clock);
  }

  function describe(request, response) {
    var time = Number(response.headers.get(data.fetchedHeader)) || 0;
    return response.text().then(function (html) {
      var page = new DOMParser().parseFromString(html, "text/html");
      var names = page.title.replace(/ · Scopa$/, "");
      var kind = new URL(request.url).pathname.indexOf("/g/") === 0 ? data.edit : data.view;
      return { url: request.url, names: names, kind: kind, time: time };
    });
  }

  caches.open(data.cache).then(function (cache) {
    return cache.keys().then(function (requests) {
      // The boards (/g/<token>, /v/<token>), not the QR codes kept with them.
      return Promise.all(requests.filter(function (request) {
        return /^\/[gv]\/[^/]+$/.test(new URL(request.url).pathname);
      }).map(function (request) {
        return cache.match(request).then(function (response) { return describe(request, response); });
      }));
    });
  }).then(function (boards) {
    boards.sort(function (a, b) { return b.time - a.time; });
    boards.forEach(function (board) {
      var item = document.createElement("li"), link = document.createElement("a");
      var note = document.createElement("span");
      link.href = board.url;
      link.textContent = board.names;
      note.className = "muted kept-note";
      note.textContent = board.kind + " · " + updated(board.time);
      item.appendChild(link);
      item.appendChild(note);
      list.appendChild(item);
    });
    if (boards.length) document.getElementById("kept-none").hidden = true;
  }).catch(function () {});
})();
