{# The script of _pdq_player.html for a page whose variant select comes before it. #}
(function () {  // PDQ's player: only for a variant whose minimum depends on the player
  var variant = document.getElementById("variant"), box = document.getElementById("player-field");
  var player = document.getElementById("player");
  function sync() {
    var opt = variant.options[variant.selectedIndex];
    box.hidden = !(opt && opt.dataset.roles);
    player.disabled = box.hidden;
  }
  variant.addEventListener("change", sync); sync();
})();
