# A finished game's result on the room page: each player's accuracy from
# the game's analysis (result.js).

result-player = { $named ->
    [yes] { $you ->
        [yes] { $name } ({ $seat }, vous)
       *[no] { $name } ({ $seat })
    }
   *[no] { $you ->
        [yes] { $seat } (vous)
       *[no] { $seat }
    }
}
result-no-choice = { $player } n’avait pas le choix
result-player-accuracy = { $player } { $accuracy } %
result-accuracy = Précision (manches sans erreur) : { $players } — le détail de chaque manche en revoyant la partie
result-analysis-busy = Le serveur est occupé à analyser d’autres parties : vous pourrez demander l’analyse plus tard en revoyant la partie
result-analysing = Analyse de la partie pour la précision de chaque joueur…
