# The panel of a player choosing a move: the heading, Commit and Clear, the
# steal's target, what the chosen column offers and the odds table for one
# to four mice, and the keys.

assign-percent = { $value } %
assign-percent-below-one = <1 %
assign-percent-above-99 = >99 %
assign-odds = Probabilidades sobre { $piece } con 1 a 4 ratones
assign-odds-mice = ratones
assign-odds-take = llevarse
assign-odds-tire = cansancio
assign-odds-boost = impulso

## What the chosen column offers

assign-help-piece = { $column }: { $piece } ({ $pips ->
    [one] { $pips } punto
   *[other] { $pips } puntos
}). Si los dados coinciden con la pieza, esos ratones se cansan: descansan una ronda.
assign-help-piece-boost = { $column }: { $piece } ({ $pips ->
    [one] { $pips } punto
   *[other] { $pips } puntos
}). Si los dados coinciden con la pieza, esos ratones toman impulso: vuelven a tirar en la pieza siguiente.
assign-help-face-down = { $column }: una pieza boca abajo. Se voltea antes de tirar los dados; tus ratones van a por ella, sea cual sea.
assign-help-steal = { $column }: el doble blanco. Los ratones que pongas aquí roban la pieza que elijas del botín de tu rival (y se llevan el doble blanco), tirando contra esa pieza.
assign-help-steal-against = { $column }: el doble blanco. Los ratones que pongas aquí roban la pieza que elijas del botín de tu rival (y se llevan el doble blanco), tirando contra esa pieza. Contra { $piece }:
assign-help-nothing-to-steal = { $column }: el doble blanco, pero tu rival aún no tiene nada que robar.
assign-help-empty = { $column }: no queda ninguna pieza.

## The panel's controls

assign-commit = Sellar
assign-commit-secret = (secreta hasta que estén las dos)
assign-clear = Borrar
assign-steal-target = pieza que robar
assign-steal-option = { $piece } ({ $pips ->
    [one] { $pips } punto
   *[other] { $pips } puntos
})
assign-steal = Robar
assign-label = Tu jugada
assign-heading = Tu jugada: { $count ->
    [one] { $placed } de { $count } ratón colocado
   *[other] { $placed } de { $count } ratones colocados
}
assign-keys = Toca una columna para poner un ratón, − para quitar uno. Teclas: ←/→ o a–d columna, ↑/↓ un ratón, t objetivo, x borrar, Intro sellar.
