# A finished game's analysis (client-cli/src/analysis.rs).

analysis-cannot-analyse = no se puede analizar la partida: { $error }
# The first line of `mice-cake analyse`: what its values mean. `strong` is a bot's name; $mistake a number of pips.
analysis-introduction = Cada movimiento frente a las mejores alternativas que encuentra `strong`. Los valores son el margen final esperado, en puntos, de quien mueve (+: por delante del rival al final, −: por detrás); una pérdida se da con su intervalo del 95 %, y un movimiento es un error solo cuando cuesta con seguridad { $mistake } punto o más (su pérdida se mide entonces de nuevo, con simulaciones nuevas):
# A player whose moves the server made at the deadline ($count rounds).
analysis-deadlines-missed =
    { $name } ({ $seat }) dejó pasar { $count ->
        [one] { $count } plazo
       *[other] { $count } plazos
    }: los movimientos que hizo allí el servidor están marcados y no se le cuentan
analysis-long-game = Una partida larga: { $analysed } de sus { $rounds } rondas analizadas, repartidas a lo largo de ella
# A round's line: $line is one player's move (analysis-*-move).
analysis-round = Ronda { $round }  { $line }

## Accuracy

# One seat's accuracy, a whole percentage; $you: yes for this player's own seat.
analysis-seat-accuracy =
    { $seat }{ $you ->
        [yes] {" "}(tú)
       *[no] {""}
    } { $percent } %
# After a game: both seats' accuracy (analysis-seat-accuracy, joined), and the command that tells each round.
analysis-accuracy-line = precisión (rondas sin errores): { $accuracies }; `mice-cake analyse { $id }` detalla cada ronda
analysis-no-mistake = ningún error
# A costly mistake: its round and the pips it lost.
analysis-mistake = ronda { $round } (−{ $loss })
analysis-costliest = los más costosos: { $mistakes }
# A player's game: accuracy (a whole percentage), rounds played best of those with a choice, the pips lost a round, and analysis-no-mistake or analysis-costliest.
analysis-summary = { $name } ({ $seat }): precisión del { $accuracy } % ({ $best } de { $choices } rondas con elección sin errores), { $loss } puntos perdidos por ronda de media; { $mistakes }
# As analysis-summary, in a narrow panel.
analysis-short-summary = { $seat }: precisión { $accuracy } %, −{ $loss }/ronda
analysis-short-summary-worst = { $seat }: precisión { $accuracy } %, −{ $loss }/ronda, peor ronda { $worst }

## A move

analysis-no-choice = { $name } ({ $seat }) no tenía elección
# The better move found ($best, like A2 C2), its value, and the pips the move played lost (like 3.2 ± 1.1).
analysis-better = mejor: { $best } ({ $value }): { $loss } puntos perdidos
# The server's move at the deadline ($played) and its value.
analysis-deadline-move = { $name } ({ $seat }) dejó pasar el plazo; el servidor movió { $played } ({ $value })
# As analysis-deadline-move, then analysis-better.
analysis-deadline-move-better = { $name } ({ $seat }) dejó pasar el plazo; el servidor movió { $played } ({ $value }); { $better }
analysis-mistake-move = { $name } ({ $seat }) jugó { $played } ({ $value }); { $better }
analysis-good-move = { $name } ({ $seat }) jugó { $played } ({ $value }), tan bueno como cualquiera de los encontrados
# $low and $high bound the pips the move may have lost.
analysis-unclear-move = { $name } ({ $seat }) jugó { $played } ({ $value }), sin error claro (≈ { $low } a { $high } puntos por detrás del mejor encontrado)

## A move in a narrow panel

analysis-short-no-choice = { $seat }: sin elección
analysis-short-deadline = { $seat }: plazo vencido; el servidor movió { $played }
# The move played, the pips it lost, and the better move.
analysis-short-mistake = { $seat }: { $played }, −{ $loss } puntos → { $best }
analysis-short-fine = { $seat }: { $played }, sin error claro
