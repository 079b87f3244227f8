# The room page before the game is shown (room.js): a room that is not
# there, the name asked for, a rated room that needs a key.

room-not-found = Aucune salle n’a le code { $code }.
room-key-needed-title = Salle { $code } : une clé est nécessaire · Mice Cake
room-new-key-needed-title = Nouvelle salle : une clé est nécessaire · Mice Cake
room-just-watch = Regarder seulement
room-rated-heading = La salle { $code } est classée
room-new-rated-heading = Une salle classée demande une clé
room-keyless = Une cote appartient à la clé d’un joueur, et ce navigateur n’en garde aucune ici : une clé a besoin de WebCrypto, que les navigateurs n’offrent qu’aux pages servies en HTTPS ou depuis localhost, et d’IndexedDB, qui manque à certaines fenêtres privées. Vous pouvez regarder, ou jouer dans une salle amicale.
room-new-heading = Nouvelle salle
room-heading = Salle { $code }
room-ask-name = Pour jouer, choisissez le nom sous lequel votre adversaire vous verra. Pour regarder, aucun nom n’est nécessaire.
room-your-name = Votre nom
room-enter = Entrer dans la salle
