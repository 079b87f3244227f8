# What the room's page says as this player seals a move (the notice under
# the board).

seals-sealed-already = Votre coup est déjà scellé : il attend celui de votre adversaire.
seals-sealing = Scellement…
seals-reconnecting = Reconnexion… votre coup part dès que la connexion revient, si la manche { $round } est encore ouverte.
# Enter pressed before every available mouse is placed: nothing is sealed.
seals-place-every-mouse = Placez d’abord chaque souris disponible : { $placed } sur { $count } placées.
