# The rounds' log of the full-screen interface (client-cli/src/tui/log.rs):
# each round's header, its attempts and boosts in few words (the dice and
# sums are drawn beside them), the room's earlier games.

tui-log-empty = Todavía no se ha jugado ninguna ronda: cada revelación aparece aquí.
# $reason says why, in a phrase.
tui-log-not-rated = Esta partida no es puntuada: { $reason }.
# An earlier game of the room: its number, the players' names, its result in a sentence.
tui-log-earlier-game = Partida { $game }: { $yellow } (Amarillo) contra { $blue } (Azul) — { $result }
# A round's header: $yellow and $blue are each seat's name and move (Yellow A2 C2), drawn in its colour.
tui-log-round = Ronda { $round }  { $yellow } — { $blue }
# A boost roll on a line of its own: $roll is what it went for and how it ended.
tui-log-boost = { $seat } { $column } impulso: { $roll }

## What an attempt or a boost went for ($mice: how many mice; $piece: like 3/5)

tui-log-on = { $mice } por { $piece }
tui-log-steal = { $mice } roban { $piece }
tui-log-blind = { $mice } a ciegas: 0/0 encontrado
tui-log-boost-nothing = { $mice ->
        [one] { $mice } ratón
       *[other] { $mice } ratones
    }, nada a lo que tirar

## How it ended, after the dice and their sum

# Reached the piece, but the other family's dice decide who gets it.
tui-log-contested = disputada…
tui-log-took = se la lleva
# The sum was below the piece's pips.
tui-log-below = por debajo de { $pips }
tui-log-tired = { $mice ->
        [one] { $mice } cansado
       *[other] { $mice } cansados
    }
tui-log-outrolled = superados
tui-log-tied = empate
tui-log-stole = robada
tui-log-exchanged = intercambio
tui-log-no-roll = sin tirada
# Mice that earned a boost roll.
tui-log-boosted = +{ $mice } impulso
tui-log-short = corto
tui-log-nothing-to-roll = nada a lo que tirar
