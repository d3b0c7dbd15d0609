// The card grid made quicker (templates/_cards.html): with two or more sides, ONE grid and a
// side picker replace the per-side grids. A tap gives the card to the active side (a second
// tap takes it back); a chosen card shows a tick, one another side holds that side's initial.
// The per-side checkboxes stay the truth, so the form sends exactly what it sends without
// JavaScript.
(function () {
  "use strict";

  function initials(labels) {
    var first = labels.map(function (l) { return l.trim().charAt(0).toUpperCase(); });
    return labels.map(function (l, i) {
      var clash = first.filter(function (f) { return f === first[i]; }).length > 1;
      return clash ? l.trim().slice(0, 2) : first[i];
    });
  }

  function enhance(root) {
    var fieldsets = Array.prototype.slice.call(root.querySelectorAll("fieldset[data-side]"));
    if (fieldsets.length < 2) return;
    var sides = fieldsets.map(function (fs) {
      var inputs = {};
      fs.querySelectorAll(".suit-rows input").forEach(function (input) {
        inputs[input.value] = input;
      });
      return {
        label: fs.dataset.label,
        restLabel: fs.dataset.restLabel,
        single: fs.hasAttribute("data-single"),
        inputs: inputs,
        rest: fs.querySelector(".rest-toggle input"),
      };
    });
    var marks = initials(sides.map(function (s) { return s.label; }));
    var active = 0;

    function holder(code) {
      for (var i = 0; i < sides.length; i++) {
        if (sides[i].inputs[code] && sides[i].inputs[code].checked) return i;
      }
      return -1;
    }

    // A side marked "all the remaining cards" gets them as real checkboxes now.
    sides.forEach(function (side) {
      if (!side.rest || !side.rest.checked) return;
      Object.keys(side.inputs).forEach(function (code) {
        if (holder(code) === -1) side.inputs[code].checked = true;
      });
      side.rest.checked = false;
    });

    var box = document.createElement("div");
    box.className = "grid-enhanced stack";

    // The sides' messages (about what the URL sent) stay visible until the next tap.
    var messages = [];
    fieldsets.forEach(function (fs) {
      var errors = fs.querySelector(".error");
      if (errors) {
        var copy = errors.cloneNode(true);
        copy.removeAttribute("id");
        copy.insertBefore(document.createElement("li"), copy.firstChild).textContent =
          fs.dataset.label + ":";
        box.appendChild(copy);
        messages.push(copy);
      }
    });

    var picker = document.createElement("div");
    picker.className = "side-picker";
    picker.setAttribute("role", "group");
    picker.setAttribute("aria-label", root.dataset.pickerLabel || "");
    var pickButtons = sides.map(function (side, i) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "btn";
      b.addEventListener("click", function () { active = i; render(); });
      picker.appendChild(b);
      return b;
    });
    box.appendChild(picker);

    var tools = document.createElement("div");
    tools.className = "grid-tools";
    var restButton = document.createElement("button");
    restButton.type = "button";
    restButton.className = "btn";
    restButton.addEventListener("click", function () {
      var side = sides[active];
      Object.keys(side.inputs).forEach(function (code) {
        if (holder(code) === -1) side.inputs[code].checked = true;
      });
      changed(side);
    });
    tools.appendChild(restButton);
    box.appendChild(tools);

    var grid = fieldsets[0].querySelector(".suit-rows").cloneNode(true);
    var cells = [];
    grid.querySelectorAll("label.card-pick").forEach(function (label) {
      var code = label.querySelector("input").value;
      var button = document.createElement("button");
      button.type = "button";
      button.className = "card-pick";
      var face = label.querySelector(".card-face");
      face.dataset.card = code; // cards.css draws the rank and the suit from the code
      button.appendChild(face);
      var mark = document.createElement("span");
      mark.className = "holder";
      mark.setAttribute("aria-hidden", "true");
      var said = document.createElement("span");
      said.className = "sr-only";
      button.querySelector(".card-face").append(mark, said);
      button.addEventListener("click", function () { tap(code); });
      label.replaceWith(button);
      cells.push({ code: code, button: button, mark: mark, said: said });
    });
    box.appendChild(grid);

    function tap(code) {
      var side = sides[active];
      var input = side.inputs[code];
      if (!input) return;
      var held = holder(code);
      if (held === active) {
        input.checked = false;
      } else {
        if (held !== -1) sides[held].inputs[code].checked = false;
        input.checked = true;
      }
      changed(side);
    }

    function changed(side) {
      messages.forEach(function (m) { m.remove(); });
      messages = [];
      render();
      var any = side.inputs[Object.keys(side.inputs)[0]];
      any.dispatchEvent(new Event("change", { bubbles: true }));
    }

    function render() {
      var counts = sides.map(function () { return 0; });
      cells.forEach(function (cell) {
        var held = holder(cell.code);
        if (held !== -1) counts[held] += 1;
        cell.button.setAttribute("aria-pressed", held === active ? "true" : "false");
        cell.button.classList.toggle("is-held", held !== -1 && held !== active);
        cell.mark.textContent = held === -1 ? "" : held === active ? "\u2713" : marks[held];
        cell.said.textContent = held === -1 ? "" :
          ", " + (root.dataset.heldLabel || "%(side)s").replace("%(side)s", sides[held].label);
      });
      pickButtons.forEach(function (b, i) {
        b.textContent = sides[i].label + " · " + counts[i];
        b.setAttribute("aria-pressed", i === active ? "true" : "false");
      });
      restButton.hidden = sides[active].single || root.hasAttribute("data-no-rest");
      restButton.textContent = sides[active].restLabel || sides[active].label;
    }

    fieldsets.forEach(function (fs) { fs.hidden = true; });
    root.appendChild(box);
    render();
    // The form emptied for the next hand (outbox.js, "Discard draft"): the grid follows.
    var form = root.closest("form");
    if (form) form.addEventListener("reset", function () { setTimeout(render, 0); });
  }

  document.querySelectorAll("[data-card-grid]").forEach(enhance);
})();
