# What the room's page says as this player seals a move (the notice under
# the board).

seals-sealed-already = Your move is sealed already: it is waiting for your opponent's.
seals-sealing = Sealing…
seals-reconnecting = Reconnecting… your move is sent as soon as the connection is back, if round { $round } is still open.
# Enter pressed before every available mouse is placed: nothing is sealed.
seals-place-every-mouse = Place every available mouse first: { $placed } of { $count } placed.
