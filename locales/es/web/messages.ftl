# What the room page tells as the server's messages and the room's events
# come (messages.js): notices, and what screen readers are told.

room-restarting = El servidor se está reiniciando; la partida seguirá cuando vuelva.
room-unpaired-no-show = Tu rival no se presentó.
# A challenge's room whose players did not both come within the time (`unpaired` naming the challenge).
room-challenge-called-off = La partida del desafío se anula: un jugador no ocupó su asiento a tiempo. Esta sala está cerrada.
room-sealed-waiting = Tu jugada está sellada; esperando a tu rival.
room-chat-says = { $speaker } dice: { $text }
room-sits-down = { $name } ocupa el asiento { $seat }.
room-player-back = { $player } ha vuelto.
room-player-lost = { $player } ha perdido la conexión.
room-rematch-offered = { $player } propone la revancha.
room-game-starts = Empieza la partida { $game }.
room-game-starts-not-rated = Empieza la partida { $game }. No es puntuada: { $reason }.
room-your-move-notice = Tu turno — ronda { $round }.
room-your-move-told = Tu turno: ronda { $round }.
room-player-committed = { $player } ha sellado su jugada.
room-sealed-secret = Tu jugada está sellada: es secreta, incluso para el servidor, hasta que estén las dos.
room-player-left = { $player } ha salido de la sala.
room-game-over = Partida terminada. { $result }.
room-rating-told = Puntuación de { $player }: { $rating }.
room-match-over-told = { $result }.
room-match-standing-told = Encuentro: { $result }.
room-match-ready-offered = { $player } quiere pasar a la partida { $number }.
