# What the room's page says as this player seals a move (the notice under
# the board).

seals-sealed-already = Tu jugada ya está sellada: espera la de tu rival.
seals-sealing = Sellando…
seals-reconnecting = Reconectando… tu jugada se envía en cuanto vuelva la conexión, si la ronda { $round } sigue abierta.
# Enter pressed before every available mouse is placed: nothing is sealed.
seals-place-every-mouse = Coloca primero todos los ratones disponibles: { $placed } de { $count } colocados.
