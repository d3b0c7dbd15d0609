/* Every page's script, in <head> before every other (the first deferred one): three
   parts, each working alone and each optional (the page works the same without this file):
   whose things this phone keeps, this phone's device id, and the service worker. One file
   rather than three: every page loads it, and each response costs its headers. */

/* 1. The keeper. The hands this phone
   keeps (drafts, the outbox and its notes: static/js/outbox.js)
   belong to the account that kept them. The page names its keeper (<meta
   name="sk-keeper">, scorekeeper/keeper.py); when it is not the one that kept what is
   here (the phone changed account: a log-in over another, a log-out, "log out
   everywhere" from another device), everything kept is emptied before any script shows
   it. The service worker does the same for the boards and QR codes it keeps
   (templates/main/sw.js). A page without a keeper (the offline page) or shown from a
   kept copy without signal empties nothing. What was kept before keepers existed is
   adopted by the first keeper seen. */
(function () {
  "use strict";
  var meta = document.querySelector('meta[name="sk-keeper"]');
  if (!meta || document.documentElement.hasAttribute("data-offline-since")) return;
  var KEY = "scorekeeper-keeper", KEPT = ["scorekeeper-draft:", "scorekeeper-outbox-notice:"];
  var OUTBOX_DB = "scorekeeper";
  var store = null;
  try { store = window.localStorage; } catch (e) { /* storage off: nothing kept */ }
  if (!store) return;
  var keeper = meta.content, stored = store.getItem(KEY);
  if (stored === keeper) return;
  if (stored !== null) {
    for (var i = store.length - 1; i >= 0; i--) {
      var key = store.key(i) || "";
      if (KEPT.some(function (prefix) { return key.indexOf(prefix) === 0; })) store.removeItem(key);
    }
    // Opened later by outbox.js, the database waits for its deletion to finish.
    if (window.indexedDB) window.indexedDB.deleteDatabase(OUTBOX_DB);
  }
  try { store.setItem(KEY, keeper); } catch (e) { /* full: asked again next page */ }
})();

/* 2. This phone's device id: a random id kept in localStorage, made on first use, sent with
   every write so that a game's history can tell phones apart ("Anna's phone").

   Every POST form gets a hidden "device_id" field with it (at load, and again at the
   moment it is submitted, for forms added later); static/js/outbox.js also sends it as
   the X-Scorekeeper-Device header. window.scorekeeperDevice() gives it to other scripts.
   Without JavaScript (or without storage) there is simply no device id. */
(function () {
  "use strict";
  var KEY = "scorekeeper-device", FIELD = "device_id";

  function newId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    if (!window.crypto || !crypto.getRandomValues) return "";
    var bytes = crypto.getRandomValues(new Uint8Array(16));
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  function deviceId() {
    try {
      var id = localStorage.getItem(KEY);
      if (!id) {
        id = newId();
        if (id) localStorage.setItem(KEY, id);
      }
      return id || "";
    } catch (e) {
      return "";
    }
  }

  function fill(form) {
    if (!form || (form.getAttribute("method") || "").toLowerCase() !== "post") return;
    var id = deviceId();
    if (!id) return;
    var input = form.querySelector("input[name='" + FIELD + "']");
    if (!input) {
      input = document.createElement("input");
      input.type = "hidden";
      input.name = FIELD;
      form.appendChild(input);
    }
    input.value = id;
  }

  window.scorekeeperDevice = deviceId;
  document.addEventListener("submit", function (event) { fill(event.target); }, true);
  function fillAll() { Array.prototype.forEach.call(document.forms, fill); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fillAll);
  else fillAll();
})();

/* 3. Register the service worker (/sw.js, templates/main/sw.js) that keeps the
   app and the boards this phone opened for use without signal; tell it the page's
   language (for its offline page) and, if it does not control this page yet, to take
   it; when a new version of the app takes over while this page is open, say so and
   offer to reload; the texts are this script's data-new-version and data-reload. */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !("serviceWorker" in navigator)) return;
  var workers = navigator.serviceWorker, hadController = !!workers.controller;

  function newVersionReady() {
    var main = document.getElementById("main");
    if (!main || document.getElementById("new-version")) return;
    var line = document.createElement("p"), button = document.createElement("button");
    line.id = "new-version";
    line.className = "flash flash-info new-version";
    line.setAttribute("role", "status");
    line.textContent = script.dataset.newVersion + " ";
    button.type = "button";
    button.className = "btn";
    button.textContent = script.dataset.reload;
    button.addEventListener("click", function () { location.reload(); });
    line.appendChild(button);
    main.insertBefore(line, main.firstChild);
  }

  workers.addEventListener("controllerchange", function () {
    // The first worker taking over a page it did not serve changes nothing on screen.
    if (hadController) newVersionReady();
    hadController = true;
  });
  function register() {
    workers.register(script.dataset.worker, { scope: "/" })
      .then(function () { return workers.ready; })
      .then(function (registration) {
        // Not controlled yet (this page loaded while the worker installed): ask it to be.
        if (registration.active) registration.active.postMessage({ lang: document.documentElement.lang, claim: !workers.controller });
      })
      .catch(function () {});
  }
  // Once the page is whole: the worker's first download of the app does not compete with it.
  if (document.readyState === "complete") register(); else window.addEventListener("load", register);
})();
