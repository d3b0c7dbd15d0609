/* Game pages: quicker hand entry. Every page works without this file.
   - once every side but one has its cards (or denari), the one left fills in as you type
     (the rest of the deck: the form's data-whole, from the scoring package);
   - the points of the hand are asked of the server as you type (no rules here); without
     signal, or no answer, outbox.js computes them on the phone (ScopaOutbox.previewHere)
     until the server answers again;
   - "decide from the best cards" opens the best-card pickers;
   - Undo asks once, in place of its link.
   The game's links (copy, share sheet) are share.js's. */
(function () {
  "use strict";
  var timer = null;

  function handForm(el) { return el && el.closest ? el.closest("#hand-form") : null; }

  /* What the sides' counts add up to, as the server says ({cards: .., denari: ..}). */
  function whole(form) { return JSON.parse(form.dataset.whole || "{}"); }

  /* Each side's box of one count ("cards" or "denari"), in side order. */
  function countBoxes(form, name) {
    var boxes = [];
    for (var i = 0; i < Number(form.dataset.sides || 0); i++) {
      var box = form.querySelector("#sides-" + i + "-" + name);
      if (!box) return [];
      boxes.push(box);
    }
    return boxes;
  }

  function typedNumber(box) {
    var text = box.value.trim();
    return /^\d+$/.test(text) ? Number(text) : null;
  }

  /* Once every side but one has its count, the one left is the rest of the deck, filled
     in and marked data-auto (as the server's form fills in a count left blank on one side
     alone); a box filled in so follows the others, and empties once it is not the only
     one left. */
  function fillTheRest(form, name) {
    var boxes = countBoxes(form, name), total = whole(form)[name];
    if (boxes.length < 2 || total === undefined) return;
    var open = boxes.filter(function (b) { return b.value === "" || b.dataset.auto === "1"; });
    var sum = 0, complete = boxes.every(function (b) {
      if (open.indexOf(b) >= 0) return true;
      var n = typedNumber(b);
      sum += n || 0;
      return n !== null;
    });
    open.forEach(function (b) {
      b.value = open.length === 1 && complete ? String(total - sum) : b.dataset.auto === "1" ? "" : b.value;
    });
    if (open.length === 1) open[0].dataset.auto = "1";
  }

  /* Counts that already add up to the deck (filled in by the server after a refused
     entry, a draft put back, a stored hand being corrected) keep following: the last
     side's is the rest (with two sides, either is the other's), so it moves as the others
     change. */
  function markComplements(form) {
    var totals = whole(form);
    Object.keys(totals).forEach(function (name) {
      var boxes = countBoxes(form, name), sum = 0;
      if (boxes.length < 2) return;
      for (var i = 0; i < boxes.length; i++) {
        var n = typedNumber(boxes[i]);
        if (n === null) return;
        sum += n;
      }
      if (sum !== totals[name]) return;
      boxes[boxes.length - 1].dataset.auto = "1";
      if (boxes.length === 2) boxes[0].dataset.auto = "1";
    });
  }
  document.querySelectorAll("#hand-form").forEach(markComplements);
  // A draft put back by drafts.js follows the same way.
  document.addEventListener("scorekeeper:draft-restored", function (event) {
    var form = handForm(event.target);
    if (form) markComplements(form);
    if (form && navigator.onLine === false) preview(form);  // its points, offline too
  });

  function preview(form) {
    var url = form.dataset.previewUrl, target = form.querySelector("#hand-preview");
    if (!url || !target || !window.fetch) return;
    clearTimeout(timer);
    // While the points are on their way the form says so (data-previewing), so that
    // whatever waits for the page to settle (the browser tests) can tell.
    form.dataset.previewing = "1";
    timer = setTimeout(function () {
      var asked = navigator.onLine === false ? Promise.reject(new Error("offline")) :
        fetch(url, { method: "POST", body: new FormData(form), credentials: "same-origin" });
      asked
        .then(function (r) { if (r.status >= 500) throw new Error(r.status); return r.ok ? r.text() : null; })
        .then(function (html) {
          if (html !== null) target.innerHTML = html;
          delete form.dataset.previewHere;
        }, function () { return previewHere(form, target); })
        .catch(function () {})
        .then(function () { if (!timer) delete form.dataset.previewing; });
      timer = null;
    }, 350);
  }

  /* No answer: the points computed on the phone, until the server's come. */
  function previewHere(form, target) {
    var outbox = window.ScopaOutbox;
    if (!outbox || !outbox.previewHere) return null;
    return outbox.previewHere(form).then(function (node) {
      if (!node) return;
      target.innerHTML = "";
      target.appendChild(node);
      form.dataset.previewHere = "1";
    });
  }
  // Back online: the server's points replace the phone's.
  window.addEventListener("online", function () {
    document.querySelectorAll("#hand-form[data-preview-here]").forEach(preview);
  });

  document.addEventListener("input", function (event) {
    var form = handForm(event.target);
    if (!form) return;
    form.dataset.dirty = "1";
    delete event.target.dataset.auto;
    var count = /^sides-\d+-(cards|denari)$/.exec(event.target.id);
    if (count) fillTheRest(form, count[1]);
    preview(form);
  });

  document.addEventListener("change", function (event) {
    var form = handForm(event.target);
    if (!form) return;
    form.dataset.dirty = "1";
    if (event.target.name === "primiera" && event.target.value === "cards") {
      var picker = form.querySelector("#primiera-cards");
      if (picker) picker.open = true;
    }
    preview(form);
  });

  /* Undo asks once: its link (to the page that asks, without this script) opens the
     question in its place, "Keep it" closes it (the board may have been swapped in by
     live.js meanwhile: looked up at each tap). */
  document.addEventListener("click", function (event) {
    var tapped = event.target.closest ? event.target.closest("#undo-last, #undo-keep") : null;
    var link = document.getElementById("undo-last"), question = document.getElementById("undo-form");
    if (!tapped || !link || !question) return;
    event.preventDefault();
    var asking = tapped === link;
    link.hidden = asking;
    question.hidden = !asking;
    (asking ? document.getElementById("undo-yes") : link).focus();
  });

  // The points follow the form as it is filled in: the button doing it by hand can go
  // (app.css hides it under .js-preview, also in boards swapped in by live.js).
  if (window.fetch) document.documentElement.classList.add("js-preview");
})();
