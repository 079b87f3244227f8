# Cues for a player looking elsewhere: the tab's title in a room ($code:
# the room code), the sound switch and the notifications button.

cues-title = Salle { $code } · Mice Cake
cues-title-your-move = À vous de jouer · Salle { $code } · Mice Cake
cues-title-your-move-low = { $clock } · À vous de jouer · Salle { $code } · Mice Cake
cues-title-game-over = Partie terminée · Salle { $code } · Mice Cake
cues-sound-on = Son : activé
cues-sound-off = Son : coupé
cues-notify = M’avertir
cues-sound-held = Le son est activé : touchez la page ou appuyez sur une touche pour l’entendre.
