# The rounds' log on the room page (log.js): each round's moves, each roll
# with its dice, sum and outcome, the pieces turned up, and the room's
# earlier games.

log-past-game = Partie { $game } : { $yellow } (Jaune) contre { $blue } (Bleu) — { $result }
log-replay-game = Revoir la partie { $game }
log-heading = Manches
log-empty = Aucune manche jouée pour l’instant : chaque révélation s’affiche ici.
log-auto = { $seat } a dépassé le délai : le serveur a choisi
log-contested-waiting = disputée : en attente des autres dés

## A roll

log-attempt = { $seat } { $column } { $mice } sur { $target }
log-boost = { $seat } { $column } élan { $mice } sur { $piece }
log-boost-at-nothing = { $seat } { $column } élan { $mice } sur rien

## What a boost's roll did

log-boost-took = prise
log-boost-took-more = prise (+{ $boosted } élan)
log-boost-below = sous { $pips }
log-boost-below-it = en dessous
log-boost-nothing = rien à tenter

##

log-round = Manche { $round } : Jaune { $yellow } — Bleu { $blue }
log-turns-up = { $cell } se retourne : { $piece }
log-rolling = lancer en cours
log-dice = dés { $dice }
