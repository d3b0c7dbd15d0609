/* The scope tally on the board (templates/games/_scope_tally.html): scope are the points
   players forget by the end of a hand, so each side gets a large "+1 scopa" (and a "−1")
   to tap as they are made. The count is the hand's own scope field, the buttons on
   either side of it: typed or tapped, it is one number, kept by drafts.js as the
   form's other fields are (on the phone, offline too, until the hand is saved), and sent
   with the hand. A form put back by the outbox or drafts.js, or swapped in by live.js,
   gets its tally again. Without this file the scope fields are typed, as before. */
(function () {
  "use strict";
  var textsEl = document.getElementById("scope-tally-texts");
  if (!textsEl) return;
  var T;
  try { T = JSON.parse(textsEl.textContent); } catch (e) { return; }

  function say(template, side) { return String(template).replace("%(side)s", side); }

  function count(input) {
    var n = Number(input.value.trim());
    return /^\d+$/.test(input.value.trim()) ? n : 0;
  }

  function button(cls, text, label) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "btn " + cls;
    b.textContent = text;
    b.setAttribute("aria-label", label);
    return b;
  }

  /* Each side's scope field of the board's new hand form becomes its tally: "−1", the
     field, "+1 scopa", on the field's own row (its label, "Scope", left to screen
     readers: the buttons say it). */
  function setUp(form) {
    if (!form || form.dataset.tally || form.elements.mode) return;
    form.querySelectorAll(".side-entry").forEach(function (fieldset, i) {
      var input = fieldset.querySelector("#sides-" + i + "-scope");
      var field = input && input.closest(".field");
      var legend = fieldset.querySelector("legend");
      if (!field) return;
      var side = legend ? legend.textContent.trim() : String(i + 1);
      var minus = button("tally-minus", T.minus, say(T.minusLabel, side));
      var plus = button("tally-plus", "", say(T.plusLabel, side));
      var words = T.plus.split(" ");
      var big = document.createElement("span"), small = document.createElement("span");
      big.className = "tally-one";
      big.textContent = words[0];
      small.className = "tally-word";
      small.textContent = words.slice(1).join(" ");
      plus.append(big, " ", small);  // "+1 scopa": its name holds the words it shows
      minus.dataset.step = "-1";
      plus.dataset.step = "1";
      field.classList.add("tally-side");
      field.id = "tally-" + i;
      input.before(minus);
      input.after(plus);
    });
    form.dataset.tally = "1";
    refresh(form);
  }

  /* "−1" is off at 0. */
  function refresh(form) {
    form.querySelectorAll(".tally-side").forEach(function (cell) {
      var input = cell.querySelector("input"), minus = cell.querySelector(".tally-minus");
      if (minus) minus.disabled = !input || count(input) === 0;
    });
  }

  document.addEventListener("click", function (event) {
    var tapped = event.target.closest ? event.target.closest(".tally-side [data-step]") : null;
    if (!tapped) return;
    var input = tapped.parentNode.querySelector("input"), form = tapped.form;
    if (!input || !form) return;
    var next = Math.max(0, count(input) + Number(tapped.dataset.step));
    input.value = next ? String(next) : "";
    // As if typed: the draft keeps it (drafts.js), the points follow (games.js).
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
    refresh(form);
  });

  ["input", "change"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      var form = event.target.form;
      if (form && form.dataset.tally) refresh(form);
    });
  });
  // A form reset (the next hand, a draft discarded) empties the fields after the event.
  document.addEventListener("reset", function (event) {
    var form = event.target;
    if (form.dataset && form.dataset.tally) setTimeout(function () { refresh(form); }, 0);
  }, true);

  function setUpAll() { setUp(document.querySelector("#record #hand-form")); }
  setUpAll();
  // The board swapped in by live.js (another phone saved a hand) has a new form.
  var live = document.getElementById("live");
  if (live && window.MutationObserver) new MutationObserver(setUpAll).observe(live, { childList: true });
})();
