# A finished game's analysis (client-cli/src/analysis.rs).

analysis-cannot-analyse = impossible d’analyser la partie : { $error }
# The first line of `mice-cake analyse`: what its values mean. `strong` is a bot's name; $mistake a number of pips.
analysis-introduction = Chaque coup comparé aux meilleures options que trouve `strong`. Les valeurs sont l’écart final attendu, en points, pour qui joue le coup (+ : devant l’adversaire à la fin, − : derrière) ; une perte est donnée avec son intervalle à 95 %, et un coup n’est une erreur que s’il coûte sûrement { $mistake } point ou plus (sa perte est alors mesurée à nouveau, sur de nouvelles simulations) :
# A player whose moves the server made at the deadline ($count rounds).
analysis-deadlines-missed =
    { $name } ({ $seat }) a laissé passer { $count ->
        [one] { $count } délai
       *[other] { $count } délais
    } : les coups que le serveur y a joués sont signalés, et ne lui sont pas comptés
analysis-long-game = Une longue partie : { $analysed } de ses { $rounds } manches analysées, réparties sur toute la partie
# A round's line: $line is one player's move (analysis-*-move).
analysis-round = Manche { $round }  { $line }

## Accuracy

# One seat's accuracy, a whole percentage; $you: yes for this player's own seat.
analysis-seat-accuracy =
    { $seat }{ $you ->
        [yes] {" "}(vous)
       *[no] {""}
    } { $percent } %
# After a game: both seats' accuracy (analysis-seat-accuracy, joined), and the command that tells each round.
analysis-accuracy-line = précision (manches sans erreur) : { $accuracies } ; `mice-cake analyse { $id }` détaille chaque manche
analysis-no-mistake = aucune erreur
# A costly mistake: its round and the pips it lost.
analysis-mistake = manche { $round } (−{ $loss })
analysis-costliest = les plus coûteuses : { $mistakes }
# A player's game: accuracy (a whole percentage), rounds played best of those with a choice, the pips lost a round, and analysis-no-mistake or analysis-costliest.
analysis-summary = { $name } ({ $seat }) : précision { $accuracy } % ({ $best } manches sur { $choices } avec un choix sans erreur), { $loss } points perdus par manche en moyenne ; { $mistakes }
# As analysis-summary, in a narrow panel.
analysis-short-summary = { $seat } : précision { $accuracy } %, −{ $loss }/manche
analysis-short-summary-worst = { $seat } : précision { $accuracy } %, −{ $loss }/manche, pire manche { $worst }

## A move

analysis-no-choice = { $name } ({ $seat }) n’avait pas le choix
# The better move found ($best, like A2 C2), its value, and the pips the move played lost (like 3.2 ± 1.1).
analysis-better = mieux : { $best } ({ $value }) : { $loss } points perdus
# The server's move at the deadline ($played) and its value.
analysis-deadline-move = { $name } ({ $seat }) a laissé passer le délai ; le serveur a joué { $played } ({ $value })
# As analysis-deadline-move, then analysis-better.
analysis-deadline-move-better = { $name } ({ $seat }) a laissé passer le délai ; le serveur a joué { $played } ({ $value }) ; { $better }
analysis-mistake-move = { $name } ({ $seat }) a joué { $played } ({ $value }) ; { $better }
analysis-good-move = { $name } ({ $seat }) a joué { $played } ({ $value }), aussi bien que tout ce qui a été trouvé
# $low and $high bound the pips the move may have lost.
analysis-unclear-move = { $name } ({ $seat }) a joué { $played } ({ $value }), pas d’erreur nette (≈ { $low } à { $high } points derrière le meilleur trouvé)

## A move in a narrow panel

analysis-short-no-choice = { $seat } : pas de choix
analysis-short-deadline = { $seat } : délai dépassé ; le serveur a joué { $played }
# The move played, the pips it lost, and the better move.
analysis-short-mistake = { $seat } : { $played }, −{ $loss } points → { $best }
analysis-short-fine = { $seat } : { $played }, pas d’erreur nette
