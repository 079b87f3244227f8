# A finished game's result on the room page: each player's accuracy from
# the game's analysis (result.js).

result-player = { $named ->
    [yes] { $you ->
        [yes] { $name } ({ $seat }, tú)
       *[no] { $name } ({ $seat })
    }
   *[no] { $you ->
        [yes] { $seat } (tú)
       *[no] { $seat }
    }
}
result-no-choice = { $player } no tenía elección
result-player-accuracy = { $player } { $accuracy } %
result-accuracy = Precisión (rondas sin error): { $players } — cada ronda, en la repetición
result-analysis-busy = El servidor está ocupado analizando otras partidas: podrás pedir el análisis más tarde en la repetición
result-analysing = Analizando la partida para la precisión de cada jugador…
