# The cake and the two families on the room's page: each family's header,
# score and status, the cake's cells and column buttons (their labels are
# for screen readers), the lanes of mice, the dice rolling on the cake.

board-family = Familia { $seat }
board-you = (tú)
board-rating = puntuación
board-pips = { $pips ->
    [one] { $pips } punto
   *[other] { $pips } puntos
}
board-score = { $score }, { $pieces ->
    [one] { $pieces } pieza
   *[other] { $pieces } piezas
}
board-score-ready = { $score }, { $pieces ->
    [one] { $pieces } pieza
   *[other] { $pieces } piezas
} · { $mice ->
    [one] { $mice } ratón listo
   *[other] { $mice } ratones listos
}{ $resting ->
    [0] {""}
   *[other] , { $resting } descansando
}

## A cell of the cake, for screen readers

board-cell = { $place }: { $what }
board-cell-empty = vacía
board-cell-face-down = boca abajo
board-cell-nearest = la más cercana para { $seat }
board-cell-nearest-both = la más cercana para { $first } y { $second }
board-resting = Ratones de { $seat } descansando: no juegan una ronda
board-cake = El pastel

## The column buttons while a player chooses

board-column-piece = Poner un ratón en la columna { $column }, sobre { $piece }
board-column-face-down = Poner un ratón en la columna { $column }, sobre una pieza boca abajo
board-column-steal = Poner un ratón en la columna { $column }, para robar
board-column-nothing-to-steal = Columna { $column }: el doble blanco, aún no hay nada que robar
board-column-empty = Columna { $column }: vacía

## A family's lane of mice

board-lane-mice = { $count ->
    [one] { $count } ratón
   *[other] { $count } ratones
} de { $seat } en la columna { $column }
board-lane-mice-better = { $count ->
    [one] { $count } ratón
   *[other] { $count } ratones
} de { $seat } en la columna { $column }, la mejor jugada
board-less = Quitar un ratón de la columna { $column }
board-steal = robo { $piece }
board-lane = Ratones de { $seat }

## The dice on the cake during a reveal

board-no-roll = sin tirada
board-dice-rolling = Los dados de { $seat } ruedan
board-dice-down = { $seat } sacó { $sum }: { $outcome }
board-dice-landed = { $seat }: { $outcome }
board-boost-down = Impulso de { $seat }: { $sum }
board-boost-rolling = Los dados del impulso de { $seat } ruedan

## A family's status

board-seat-free = asiento libre
board-committed = jugada sellada ✓
board-thinking = pensando…
board-away = desconectado
board-away-for = desconectado, quedan { $clock }
