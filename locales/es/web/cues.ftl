# Cues for a player looking elsewhere: the tab's title in a room ($code:
# the room code), the sound switch and the notifications button.

cues-title = Sala { $code } · Mice Cake
cues-title-your-move = Tu turno · Sala { $code } · Mice Cake
cues-title-your-move-low = { $clock } · Tu turno · Sala { $code } · Mice Cake
cues-title-game-over = Partida terminada · Sala { $code } · Mice Cake
cues-sound-on = Sonido: activado
cues-sound-off = Sonido: desactivado
cues-notify = Avisarme
cues-sound-held = El sonido está activado: toca la página o pulsa una tecla para oírlo.
