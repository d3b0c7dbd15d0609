// The results page: a Print button, and the podium shared as a picture. The server draws
// the podium as SVG; here it is painted onto a canvas and shared as a PNG file through the
// phone's share sheet (Web Share with files) where the browser can, else the PNG is saved
// and the WhatsApp link (in the page without a script too) sends the message and the link.
(function () {
  "use strict";
  var print = document.querySelector(".print-btn");
  if (print && window.print) {
    print.hidden = false;
    print.addEventListener("click", function () { window.print(); });
  }

  var button = document.querySelector(".share-podium-btn");
  if (!button || !window.fetch || !document.createElement("canvas").toBlob) return;

  function png() {
    return new Promise(function (resolve, reject) {
      var image = new Image();
      image.onload = function () {
        var canvas = document.createElement("canvas");
        canvas.width = image.naturalWidth || 1080;
        canvas.height = image.naturalHeight || 1080;
        canvas.getContext("2d").drawImage(image, 0, 0, canvas.width, canvas.height);
        canvas.toBlob(function (blob) {
          if (blob) resolve(blob); else reject(new Error("no image"));
        }, "image/png");
      };
      image.onerror = function () { reject(new Error("no image")); };
      image.src = button.getAttribute("data-image");
    });
  }

  function save(blob, name) {
    var link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    window.setTimeout(function () { URL.revokeObjectURL(link.href); }, 1000);
  }

  button.hidden = false;
  button.addEventListener("click", function () {
    var name = button.getAttribute("data-file") || "podium.png";
    var text = button.getAttribute("data-text") || "";
    var url = button.getAttribute("data-url") || "";
    png().then(function (blob) {
      var file = new File([blob], name, { type: "image/png" });
      var data = { files: [file], title: document.title, text: url ? text + " " + url : text };
      if (navigator.canShare && navigator.canShare(data)) {
        return navigator.share(data).catch(function (error) {
          if (error && error.name !== "AbortError") save(blob, name);
        });
      }
      save(blob, name);
      button.setAttribute("data-shared", "saved");
    }).catch(function () {
      button.setAttribute("data-shared", "failed");
    });
  });
})();
