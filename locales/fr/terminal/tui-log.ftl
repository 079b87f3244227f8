# The rounds' log of the full-screen interface (client-cli/src/tui/log.rs):
# each round's header, its attempts and boosts in few words (the dice and
# sums are drawn beside them), the room's earlier games.

tui-log-empty = Aucune manche jouée pour l’instant : chaque révélation s’affiche ici.
# $reason says why, in a phrase.
tui-log-not-rated = Cette partie n’est pas classée : { $reason }.
# An earlier game of the room: its number, the players' names, its result in a sentence.
tui-log-earlier-game = Partie { $game } : { $yellow } (Jaune) contre { $blue } (Bleu) — { $result }
# A round's header: $yellow and $blue are each seat's name and move (Yellow A2 C2), drawn in its colour.
tui-log-round = Manche { $round }  { $yellow } — { $blue }
# A boost roll on a line of its own: $roll is what it went for and how it ended.
tui-log-boost = { $seat } { $column } élan : { $roll }

## What an attempt or a boost went for ($mice: how many mice; $piece: like 3/5)

tui-log-on = { $mice } sur { $piece }
tui-log-steal = { $mice } vol { $piece }
tui-log-blind = { $mice } à l’aveugle : 0/0 trouvé
tui-log-boost-nothing = { $mice } souris, rien à viser

## How it ended, after the dice and their sum

# Reached the piece, but the other family's dice decide who gets it.
tui-log-contested = disputée…
tui-log-took = prise
# The sum was below the piece's pips.
tui-log-below = sous { $pips }
tui-log-tired = { $mice ->
        [one] { $mice } fatiguée
       *[other] { $mice } fatiguées
    }
tui-log-outrolled = battue
tui-log-tied = égalité
tui-log-stole = volée
tui-log-exchanged = échangées
tui-log-no-roll = pas de lancer
# Mice that earned a boost roll.
tui-log-boosted = +{ $mice } élan
tui-log-short = trop court
tui-log-nothing-to-roll = rien à viser
