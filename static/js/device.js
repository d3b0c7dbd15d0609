/* This phone's device id: a random id kept in localStorage, made on first use, sent with
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
