# What the room's page says as this player seals a move (the notice under
# the board).

seals-sealed-already = Tu jugada ya está sellada: espera la de tu rival.
seals-sealing = Sellando…
seals-reconnecting = Reconectando… tu jugada se envía en cuanto vuelva la conexión, si la ronda { $round } sigue abierta.
