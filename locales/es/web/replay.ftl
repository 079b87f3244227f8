# A finished game's replay (/g/ID), round by round, and the page of a game
# that ended at its deal. $yellow and $blue are the players' names, $code a
# room's code.

replay-loading = Cargando la partida…
# $id: the game's id, as in its address.
replay-no-game = Ninguna partida tiene el identificador { $id }.
replay-cannot-load = No se puede cargar esta partida.
replay-title = Repetición: { $yellow } (Amarillo) contra { $blue } (Azul) · Mice Cake
replay-heading = Repetición: { $yellow } (Amarillo) contra { $blue } (Azul)
# Under the heading: the room, and the game's rules ("standard, boost, 1:00/round").
replay-meta = sala { $code } · { $variant }
replay-meta-room = sala { $code }
replay-previous = ← Ronda anterior
replay-next = Ronda siguiente →
# Which step of the replay the cake shows.
replay-dealt = El pastel tal como se repartió
replay-after-round = Tras la ronda { $round } de { $rounds }

## A rated game's players and what the game did to their ratings

# $reason: why the game was not rated.
replay-not-rated = Jugada en una sala puntuada ({ $pool }), no puntuada: { $reason }.
# $yellow and $blue here: each replay-rated-player(-change).
replay-rated = Partida puntuada ({ $pool }): { $yellow } · { $blue }
replay-rated-player = { $name } ({ $seat })
# $change: the rating before and after, like 1500? → 1662? (+162).
replay-rated-player-change = { $name } ({ $seat }) { $change }

## A game that ended at its deal

replay-aborted-title = Terminada en el reparto: { $yellow } (Amarillo) contra { $blue } (Azul) · Mice Cake
replay-players = { $yellow } (Amarillo) contra { $blue } (Azul)
replay-aborted = La partida terminó en su reparto, antes de que se repartiera nada.
replay-result = Resultado
replay-fairness = Juego limpio
replay-checking = Comprobando que la partida fue limpia…
# $error: what went wrong, as the browser says it.
replay-check-failed = No se pudo comprobar la partida: { $error }

## A game of a match

replay-match-place = Partida { $number } de un encuentro a { $first_to } victorias
replay-match-loading = Cargando el encuentro…
replay-match-unreachable = No se pudo cargar el encuentro: { $error }
replay-match-games = Las partidas del encuentro:
replay-match-game = partida { $number }
replay-match-this-game = partida { $number } (esta)
replay-match-checking = Comprobando el encuentro entero: cada una de sus partidas, en orden…
