// Instant results for the GET check forms marked data-live (templates/checks/*): on every
// change the same URL the form would load is fetched and the page's [data-live-region]
// parts are swapped in place, so the grid keeps its state. The server computes everything;
// without this script the form's button does the same with a page load. Inputs marked
// data-reload (they change the form itself) submit the form at once.
(function () {
  "use strict";

  function live(form) {
    var pending = null;
    var timer = null;
    // The result follows every change by itself: no button for it (kept without this script).
    form.querySelectorAll(".no-script-submit").forEach(function (node) { node.hidden = true; });

    function url() {
      var params = new URLSearchParams(new FormData(form));
      return (form.getAttribute("action") || location.pathname) + "?" + params.toString();
    }

    function refresh() {
      var target = url();
      if (pending) pending.abort();
      pending = new AbortController();
      fetch(target, { signal: pending.signal, headers: { Accept: "text/html" } })
        .then(function (response) { return response.text(); })
        .then(function (html) {
          var doc = new DOMParser().parseFromString(html, "text/html");
          // Field errors live outside the regions: let a normal page load show them.
          if (doc.querySelector("form[data-live] .has-error")) {
            location.assign(target);
            return;
          }
          document.querySelectorAll("[data-live-region]").forEach(function (region) {
            var fresh = doc.getElementById(region.id);
            if (fresh) region.replaceWith(fresh);
          });
          history.replaceState(null, "", target);
        })
        .catch(function (error) {
          if (error.name !== "AbortError") location.assign(target);
        });
    }

    form.addEventListener("change", function (event) {
      if (event.target.hasAttribute("data-reload")) return;
      clearTimeout(timer);
      timer = setTimeout(refresh, 150);
    });
    // A side's name (data-side-name: never refused) follows a pause in the typing: the page
    // never reloads under the fingers, and the URL keeps every field for a reload or a link.
    form.addEventListener("input", function (event) {
      if (!event.target.hasAttribute("data-side-name")) return;
      clearTimeout(timer);
      timer = setTimeout(refresh, 400);
    });
  }

  // A setting that changes the form itself (number of sides, how the hand is entered)
  // reloads the page at once, on every check form.
  function reloadOnChange(form) {
    form.addEventListener("change", function (event) {
      if (event.target.hasAttribute("data-reload")) form.submit();
    });
  }

  document.querySelectorAll("form[data-live]").forEach(live);
  document.querySelectorAll("form:has([data-reload])").forEach(reloadOnChange);
})();
