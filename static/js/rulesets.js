/* A form's rule set (templates/_rule_set_fields.html): show asso pigliatutto's house
   choices only for a rule set that plays it, offer only the seatings the rule set is
   played at (choosing its own when the one chosen is not), and, when the rule set
   changes, its default target. On the new-game form (data-follow-format) the seating
   follows the rule set's own too (Scopa d'assi: the pairs) until the player picks one.
   Without a script every choice shows and the server says what does not fit. */
(function () {
  "use strict";
  var box = document.getElementById("rule-set-fields");
  if (!box) return;
  var form = box.closest("form");
  var shapes = JSON.parse(box.dataset.ruleSets || "{}");
  var house = document.getElementById("asso-house");
  var follow = box.hasAttribute("data-follow-format"), picked = false, last = chosen();

  function chosen() {
    var checked = form.querySelector("input[name=rule_set]:checked");
    return shapes[checked ? checked.value : "scopa"] || shapes.scopa;
  }

  function setTarget(target) {
    var radio = form.querySelector("input[name=target][value='" + target + "']");
    var other = form.querySelector("input[name=target][value=other]");
    var box = form.querySelector("[name=target_other]");
    if (radio) radio.checked = true;
    else if (other && box) { other.checked = true; box.value = target; }
    else if (form.querySelector("input[name=target]:not([type=radio])")) {
      form.querySelector("input[name=target]").value = target;
    }
  }

  function update(changed) {
    var shape = chosen();
    if (house) {
      house.hidden = !shape.pigliatutto;
      house.style.display = shape.pigliatutto ? "" : "none";
    }
    var formats = form.querySelectorAll("input[name=format]");
    var current = form.querySelector("input[name=format]:checked");
    formats.forEach(function (input) {
      var allowed = shape.formats.indexOf(input.value) >= 0;
      var option = input.closest("label") || input;
      option.hidden = !allowed;
      option.style.display = allowed ? "" : "none";  // a label styled as a block ignores hidden
      input.disabled = !allowed;
    });
    var follows = current && follow && changed && !picked && current.value === last.format;
    last = shape;
    if (!current || shape.formats.indexOf(current.value) < 0 || follows) {
      var own = form.querySelector("input[name=format][value='" + shape.format + "']");
      if (own) own.checked = true;
    }
    var select = form.querySelector("select[name=format]");
    if (select) {
      Array.prototype.forEach.call(select.options, function (option) {
        option.hidden = option.disabled = shape.formats.indexOf(option.value) < 0;
      });
      if (shape.formats.indexOf(select.value) < 0) select.value = shape.format;
    }
    if (changed) {
      setTarget(shape.target);
      form.dispatchEvent(new Event("change"));
    }
  }

  form.addEventListener("change", function (event) {
    if (event.target && event.target.name === "format" && event.isTrusted) picked = true;
    if (event.target && event.target.name === "rule_set") update(true);
  });
  update(false);
})();
