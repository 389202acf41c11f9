{# The script of _pdq_player.html for a page whose variant select comes before it. #}
(function () {  // PDQ's player only for a variant whose minimum depends on the player; PDL's words said only for PDL
  var variant = document.getElementById("variant"), box = document.getElementById("player-field");
  var player = document.getElementById("player");
  var saidBox = document.getElementById("said-field"), said = document.getElementById("said");
  function sync() {
    var opt = variant.options[variant.selectedIndex];
    box.hidden = !(opt && opt.dataset.roles);
    player.disabled = box.hidden;
    if (saidBox) { saidBox.hidden = !(opt && "said" in opt.dataset); said.disabled = saidBox.hidden; }
  }
  variant.addEventListener("change", sync); sync();
})();
