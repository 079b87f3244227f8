# The cake and the two families on the room's page: each family's header,
# score and status, the cake's cells and column buttons (their labels are
# for screen readers), the lanes of mice, the dice rolling on the cake.

board-family = Famille { $seat }
board-you = (vous)
board-rating = cote
board-pips = { $pips ->
    [one] { $pips } point
   *[other] { $pips } points
}
board-score = { $score }, { $pieces ->
    [one] { $pieces } pièce
   *[other] { $pieces } pièces
}
board-score-ready = { $score }, { $pieces ->
    [one] { $pieces } pièce
   *[other] { $pieces } pièces
} · { $mice ->
    [one] { $mice } souris prête
   *[other] { $mice } souris prêtes
}{ $resting ->
    [0] {""}
   *[other] , { $resting } au repos
}

## A cell of the cake, for screen readers

board-cell = { $place } : { $what }
board-cell-empty = vide
board-cell-face-down = face cachée
board-cell-nearest = la plus proche pour { $seat }
board-cell-nearest-both = la plus proche pour { $first } et { $second }
board-resting = Souris de { $seat } au repos : elles passent une manche
board-cake = Le gâteau

## The column buttons while a player chooses

board-column-piece = Mettre une souris dans la colonne { $column }, sur { $piece }
board-column-face-down = Mettre une souris dans la colonne { $column }, sur une pièce face cachée
board-column-steal = Mettre une souris dans la colonne { $column }, pour voler
board-column-nothing-to-steal = Colonne { $column } : le double blanc, rien à voler pour l’instant
board-column-empty = Colonne { $column } : vide

## A family's lane of mice

board-lane-mice = { $count } souris de { $seat } dans la colonne { $column }
board-lane-mice-better = { $count } souris de { $seat } dans la colonne { $column }, le meilleur coup
board-less = Retirer une souris de la colonne { $column }
board-steal = vol { $piece }
board-lane = Souris de { $seat }

## The dice on the cake during a reveal

board-no-roll = pas de lancer
board-dice-rolling = Les dés de { $seat } roulent
board-dice-down = { $seat } a fait { $sum } : { $outcome }
board-dice-landed = { $seat } : { $outcome }
board-boost-down = Élan de { $seat } : { $sum }
board-boost-rolling = Les dés de l’élan de { $seat } roulent

## A family's status

board-seat-free = place libre
board-committed = coup scellé ✓
board-thinking = réfléchit…
board-away = déconnecté
board-away-for = déconnecté, encore { $clock }
