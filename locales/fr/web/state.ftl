# The room page's own notices and notifications (state.js).

room-leaving = Sortie de la salle…
room-checking-fair = Vérification de l’équité de la partie…

## The browser's notifications

room-notify-your-move = À vous de jouer
room-notify-your-move-body = Salle { $code }, manche { $round }
room-notify-game-over = Partie terminée
