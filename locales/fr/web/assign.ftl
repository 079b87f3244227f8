# The panel of a player choosing a move: the heading, Commit and Clear, the
# steal's target, what the chosen column offers and the odds table for one
# to four mice, and the keys.

assign-percent = { $value } %
assign-percent-below-one = <1 %
assign-percent-above-99 = >99 %
assign-odds = Chances sur { $piece } avec 1 à 4 souris
assign-odds-mice = souris
assign-odds-take = prendre
assign-odds-tire = fatigue
assign-odds-boost = élan

## What the chosen column offers

assign-help-piece = { $column } : { $piece } ({ $pips ->
    [one] { $pips } point
   *[other] { $pips } points
}). Si les dés reproduisent la pièce, ces souris se fatiguent : elles se reposent une manche.
assign-help-piece-boost = { $column } : { $piece } ({ $pips ->
    [one] { $pips } point
   *[other] { $pips } points
}). Si les dés reproduisent la pièce, ces souris prennent de l’élan : elles relancent sur la pièce suivante.
assign-help-face-down = { $column } : une pièce face cachée. Elle est retournée avant le lancer des dés ; vos souris la visent, quelle qu’elle soit.
assign-help-steal = { $column } : le double blanc. Les souris placées ici volent la pièce de votre choix dans la réserve de votre adversaire (et prennent le double blanc), en lançant contre cette pièce.
assign-help-steal-against = { $column } : le double blanc. Les souris placées ici volent la pièce de votre choix dans la réserve de votre adversaire (et prennent le double blanc), en lançant contre cette pièce. Contre { $piece } :
assign-help-nothing-to-steal = { $column } : le double blanc, mais votre adversaire n’a encore rien à voler.
assign-help-empty = { $column } : plus aucune pièce.

## The panel's controls

assign-commit = Sceller
assign-commit-secret = (secret jusqu’à ce que les deux coups soient là)
assign-clear = Effacer
assign-steal-target = pièce à voler
assign-steal-option = { $piece } ({ $pips ->
    [one] { $pips } point
   *[other] { $pips } points
})
assign-steal = Voler
assign-label = Votre coup
assign-heading = Votre coup : { $placed } { $placed ->
    [one] souris placée
   *[other] souris placées
} sur { $count }
assign-keys = Touchez une colonne pour y mettre une souris, − pour en retirer une. Touches : ←/→ ou a–d colonne, ↑/↓ une souris, t cible, x effacer, Entrée sceller.
