/* New game: show as many name fields as the format seats, say who plays with whom,
   and offer only those players as first dealer (named as typed). */
(function () {
  "use strict";
  var form = document.getElementById("new-game-form");
  if (!form) return;
  var formats = JSON.parse(form.dataset.formats || "{}");
  var sideText = form.dataset.sideText || "%s";
  var letters = "ABCDEF";

  function current() {
    var checked = form.querySelector("input[name=format]:checked");
    return formats[checked ? checked.value : "2"] || [2, 1];
  }

  function update() {
    var fmt = current(), sides = fmt[0], players = sides * fmt[1];
    form.querySelectorAll(".player-field").forEach(function (field) {
      var seat = Number(field.dataset.seat);
      field.hidden = seat >= players;
      var label = field.querySelector(".seat-side");
      if (label) label.textContent = fmt[1] > 1 ? sideText.replace("%s", letters[seat % sides]) : "";
    });
    var other = form.querySelector("#target_other");
    var otherChosen = form.querySelector("input[name=target][value=other]");
    if (other && otherChosen) other.closest(".field").hidden = !otherChosen.checked && !other.value;
    var dealer = form.querySelector("#first_dealer");
    if (!dealer) return;
    Array.prototype.forEach.call(dealer.options, function (option) {
      if (option.value === "random") return;
      var seat = Number(option.value), input = form.querySelector("#names-" + seat);
      option.hidden = option.disabled = seat >= players;
      if (!option.dataset.label) option.dataset.label = option.textContent;
      option.textContent = input && input.value.trim() ? input.value.trim() : option.dataset.label;
    });
    if (dealer.selectedOptions.length && dealer.selectedOptions[0].disabled) dealer.value = "random";
  }

  form.addEventListener("change", update);
  form.addEventListener("input", update);
  update();
})();
