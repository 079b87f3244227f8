# What the room page tells as the server's messages and the room's events
# come (messages.js): notices, and what screen readers are told.

room-restarting = Le serveur redémarre ; la partie reprendra à son retour.
room-unpaired-no-show = Votre adversaire n’est pas venu.
# A challenge's room whose players did not both come within the time (`unpaired` naming the challenge).
room-challenge-called-off = La partie du défi est annulée : un joueur n’a pas pris sa place à temps. Cette salle est fermée.
room-sealed-waiting = Votre coup est scellé ; en attente de votre adversaire.
room-chat-says = { $speaker } dit : { $text }
room-sits-down = { $name } prend la place { $seat }.
room-player-back = { $player } est de retour.
room-player-lost = { $player } a perdu la connexion.
room-rematch-offered = { $player } propose une revanche.
room-game-starts = La partie { $game } commence.
room-game-starts-not-rated = La partie { $game } commence. Elle n’est pas classée : { $reason }.
room-your-move-notice = À vous de jouer — manche { $round }.
room-your-move-told = À vous de jouer : manche { $round }.
room-player-committed = { $player } a scellé son coup.
room-sealed-secret = Votre coup est scellé : secret, même pour le serveur, jusqu’à ce que les deux soient là.
room-player-left = { $player } a quitté la salle.
room-game-over = Partie terminée. { $result }.
room-rating-told = Cote de { $player } : { $rating }.
room-match-over-told = { $result }.
room-match-standing-told = Match : { $result }.
room-match-ready-offered = { $player } veut passer à la partie { $number }.
