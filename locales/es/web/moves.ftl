# The notice shown when a mouse cannot go on the column tapped ($column: its letter).

moves-nothing-to-steal = La columna { $column } es el doble blanco: tu rival aún no tiene nada que robar.
moves-no-piece = En la columna { $column } no queda ninguna pieza.
moves-all-placed = { $count ->
    [one] Tu único ratón disponible ya está colocado: quítalo primero de su columna.
   *[other] Tus { $count } ratones disponibles ya están colocados: quita primero uno de otra columna.
}
