# The notice shown when a mouse cannot go on the column tapped ($column: its letter).

moves-nothing-to-steal = La colonne { $column } est le double blanc : votre adversaire n’a encore rien à voler.
moves-no-piece = La colonne { $column } n’a plus de pièce.
moves-all-placed = { $count ->
    [one] Votre seule souris disponible est déjà placée : retirez-la d’abord de sa colonne.
   *[other] Vos { $count } souris disponibles sont toutes placées : retirez-en d’abord une d’une autre colonne.
}
