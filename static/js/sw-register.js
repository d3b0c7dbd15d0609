/* Every page: register the service worker (/sw.js, templates/main/sw.js) that keeps the
   app and the boards this phone opened for use without signal; tell it the page's
   language (for its offline page) and, if it does not control this page yet, to take
   it; when a new version of the app takes over while this page is open, say so and
   offer to reload. The page works the same without it. */
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
