/* "Confermiamo" on the board or a side's page, for the games whose hands need the other
   side's confirmation (this file is loaded only for them: games/_scripts.html): one
   request, the answer in place of the question; without signal the outbox keeps it. */
(function () {
  "use strict";
  /* "Confermiamo": one request, the answer in place of the question. */
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches(".confirm-form") || form.dataset.plain || !window.fetch) return;
    event.preventDefault();
    var button = form.querySelector("button");
    if (button) { if (button.disabled) return; button.disabled = true; button.setAttribute("aria-busy", "true"); }
    function plain() { form.dataset.plain = "1"; form.submit(); }
    fetch(form.action, {
      method: "POST", body: new FormData(form), credentials: "same-origin",
      headers: { Accept: "application/json" },
    }).then(function (r) {
      var type = r.headers.get("Content-Type") || "";
      if (type.indexOf("application/json") === -1) { plain(); return; }
      return r.json().then(function (answer) {
        var prompt = form.closest(".confirm-prompt");
        var note = document.createElement("p");
        note.className = "flash " + (answer.status === "confirmed" ? "flash-success" : "flash-warning") + " confirm-done";
        note.setAttribute("role", "status");
        note.tabIndex = -1;
        note.textContent = answer.message;
        if (prompt) prompt.replaceWith(note); else form.replaceWith(note);
        note.focus({ preventScroll: true });
        if (answer.locked) {
          var row = document.getElementById("hand-" + answer.number);
          var mark = row && row.querySelector(".badge-unconfirmed");
          if (mark) mark.remove();
          var undo = document.getElementById("undo-last");
          if (undo && Number(undo.dataset.number) === answer.number) {
            ["undo-last", "undo-form"].forEach(function (id) { var n = document.getElementById(id); if (n) n.remove(); });
          }
        }
      });
    }).catch(function () {
      // No signal (the hand itself was saved with signal, or it would be in the outbox
      // with its confirmation): the outbox keeps the confirmation and sends it once the
      // signal is back (outbox.js); without the outbox, say so and let the tap be tried
      // again.
      var panel = form.closest(".confirm-panel");
      var outbox = window.ScopaOutbox;
      if (outbox && outbox.keepConfirmation) {
        outbox.keepConfirmation(form).then(function (item) {
          var prompt = form.closest(".confirm-prompt");
          var note = document.createElement("p");
          note.className = "flash flash-info confirm-kept";
          note.id = "confirm-kept-" + item.number;
          note.setAttribute("role", "status");
          note.tabIndex = -1;
          note.textContent = String(outbox.texts.confirmKept || "").replace("%(number)s", item.number);
          if (prompt) prompt.replaceWith(note); else form.replaceWith(note);
          note.focus({ preventScroll: true });
        }, plain);
        return;
      }
      if (navigator.onLine || !panel) { plain(); return; }
      if (button) { button.disabled = false; button.removeAttribute("aria-busy"); }
      var note = form.parentNode.querySelector(".confirm-offline") || document.createElement("p");
      note.className = "flash flash-warning confirm-offline";
      note.setAttribute("role", "alert");
      note.textContent = panel.dataset.offline;
      form.parentNode.appendChild(note);
    });
  });
})();

/* The other side confirms on its own phone, both phones without signal (scorekeeper/games/
   scanned.py). Loaded only on the pages of a game whose hands need the other side's
   confirmation (games/_scripts.html). On the phone at the table, a hand awaiting the other side has a button per
   side asked: it draws here a QR of that side's own link with the hand in its fragment
   (number, client id, the digest of its points), by static/js/qrcode.js (qrcode-generator,
   MIT), fetched when first needed (the service worker keeps it with the app's files).
   outbox.js draws the same for a hand kept on the phone (window.ScopaHandQr).

   On a side's own page (/c/<token>, kept by the service worker too), opened from such a QR:
   "Bruno e Dario, confermate la mano 3?" with the points the other phone showed, and one
   tap keeps the confirmation in the outbox (outbox.js), sent whenever there is signal and
   recorded once (its key is the side's and the hand's). */
(function () {
  "use strict";
  var loading = null;
  document.documentElement.classList.add("js-qr");

  function encoder(src) {
    if (window.qrcode) return Promise.resolve(window.qrcode);
    if (!loading) {
      loading = new Promise(function (resolve, reject) {
        var tag = document.createElement("script");
        tag.src = src;
        tag.onload = function () { if (window.qrcode) resolve(window.qrcode); else reject(new Error(src)); };
        tag.onerror = function () { tag.remove(); reject(new Error(src)); };
        document.head.appendChild(tag);
      });
      loading.catch(function () { loading = null; });  // tried again on the next tap
    }
    return loading;
  }

  /* The QR of `url` under `button` (a second tap hides it). */
  function show(button, url, src, caption) {
    var next = button.nextElementSibling;
    if (next && next.classList.contains("hand-qr")) {
      next.remove();
      button.setAttribute("aria-expanded", "false");
      return Promise.resolve(null);
    }
    return encoder(src).then(function (qrcode) {
      var qr = qrcode(0, "M");
      qr.addData(url);
      qr.make();
      var figure = document.createElement("figure");
      figure.className = "hand-qr";
      figure.id = button.id ? button.id + "-code" : "";
      figure.dataset.url = url;
      figure.innerHTML = qr.createSvgTag({ cellSize: 4, margin: 16, scalable: true });
      var svg = figure.querySelector("svg");
      svg.setAttribute("role", "img");
      svg.setAttribute("aria-label", button.textContent);
      var text = document.createElement("figcaption");
      text.textContent = caption || "";
      figure.appendChild(text);
      button.after(figure);
      button.setAttribute("aria-expanded", "true");
      return figure;
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("[data-hand-qr]") : null;
    if (!button) return;
    show(button, button.dataset.handQr, button.dataset.qrScript, button.dataset.qrCaption)
      .catch(function () { /* the encoder could not be fetched: the other ways stay */ });
  });

  window.ScopaHandQr = { show: show };

  // ------------------------------------------------------------------ a side's page, from a QR

  var form = document.getElementById("scanned-form");
  if (!form || !window.URLSearchParams) return;
  var panel = document.getElementById("scanned-panel");

  /* The hand the link's fragment names, to confirm (opened from a QR, or a QR scanned
     while this page was open: only its fragment changed). */
  function fromHash() {
    var hash = new URLSearchParams(location.hash.replace(/^#/, ""));
    var number = hash.get("hand"), id = hash.get("id"), points = hash.get("points");
    if (!/^\d+$/.test(number || "") || !id || !/^\d+(?:[._]\d+)*$/.test(points || "")) return;
    // The page already asks about that hand (the server has it): its own question, which
    // also offers "Contestiamo", serves.
    var asked = document.getElementById("confirm-" + number + "-" + form.dataset.side);
    if (asked) { asked.scrollIntoView({ block: "start" }); return; }
    var names = JSON.parse(form.dataset.names || "[]");
    form.elements.number.value = number;
    form.elements.hand.value = id;
    form.elements.digest.value = points;
    // One confirmation per side and hand: the same QR scanned twice is recorded once.
    form.elements.request_id.value = "q" + form.dataset.side + "-" + id;
    document.getElementById("scanned-question").textContent = form.dataset.question.replace("%(number)s", number);
    var totals = points.split("_").map(function (side) {
      return side.split(".").reduce(function (sum, p) { return sum + Number(p); }, 0);
    });
    document.getElementById("scanned-points").textContent = totals.map(function (total, k) {
      return (names[k] || "") + " " + total;
    }).join(" · ");
    form.querySelector("button[type=submit]").disabled = false;
    panel.hidden = false;
    var none = document.getElementById("nothing-to-confirm");
    if (none) none.hidden = true;
    panel.scrollIntoView({ block: "start" });
  }
  fromHash();
  window.addEventListener("hashchange", fromHash);

  form.addEventListener("submit", function (event) {
    var outbox = window.ScopaOutbox;
    if (!outbox || !outbox.keepConfirmation) return;  // sent the plain way
    event.preventDefault();
    var button = form.querySelector("button[type=submit]");
    if (button.disabled) return;
    button.disabled = true;
    outbox.keepConfirmation(form).then(function (item) {
      var note = document.createElement("p");
      note.className = "flash flash-info confirm-kept";
      note.id = "confirm-kept-" + item.number;
      note.setAttribute("role", "status");
      note.tabIndex = -1;
      note.textContent = navigator.onLine ? form.dataset.sending : String(outbox.texts.confirmKept || "").replace("%(number)s", item.number);
      var old = document.getElementById(note.id);
      if (old) old.remove();
      panel.hidden = true;
      panel.after(note);
      note.focus({ preventScroll: true });
      if (history.replaceState) history.replaceState(history.state, "", location.pathname);
    }, function () { button.disabled = false; form.submit(); });
  });
})();
