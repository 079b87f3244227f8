# What screen readers are told of a round's reveal (reveals.js).

reveal-dice-roll = { $assignments }. Les dés roulent.

## What each player took in the round

reveal-takes = { $seat } prend { $piece }
reveal-steals = { $seat } vole { $piece }
reveal-boosts-to = { $seat } prend { $piece } grâce à l’élan
reveal-steals-exchange = les deux vols s’échangent
reveal-taken = Manche { $round } : { $taken }.
reveal-nothing-taken = Manche { $round } : rien n’est pris.

##

reveal-revealed = Manche { $round } révélée : Jaune { $yellow }, Bleu { $blue }. { $taken }
