# The panel beside the board (client-cli/src/tui/view/panel.rs): the move
# being made, the reveal, the game's end. It can be 26 columns wide.

tui-panel-reveal = Révélation
tui-panel-game-over = Partie terminée
tui-panel-round = Manche
tui-panel-replay = Revoir
tui-panel-watching = Spectateur
tui-panel-played-elsewhere = Jouée ailleurs maintenant
tui-panel-played-elsewhere-why = Un autre onglet, terminal ou appareil a pris cette place et la joue. q pour quitter.
tui-panel-replay-keys = → la manche suivante, ← celle d’avant ; Home et End.
tui-panel-watching-secret = Vous regardez. Les placements restent secrets jusqu’à ce que les deux soient là.

## The title over the move being made (the shortest that fits is used)

tui-panel-your-move = Votre coup · { $placed } souris sur { $available }
tui-panel-mice-placed = { $placed } souris sur { $available }

## Once the move is in ($assignment: like A2 C2)

tui-panel-committed = Coup scellé : { $assignment }
tui-panel-waiting-for = En attente de { $seat }…
tui-panel-commit-held = Coup de la manche { $round } en attente
tui-panel-commit-held-until = envoyé dès le retour de la connexion
# Sealed and sent, not yet taken by the server.
tui-panel-sealed = Scellé ici : { $assignment }
tui-panel-sent = envoyé ; en attente du serveur…
tui-panel-sent-not-taken = envoyé il y a { $clock }, pas encore pris par le serveur : il est peut-être occupé ou injoignable
tui-panel-disconnected = Déconnecté
# $command: the command that comes back to the room.
tui-panel-seat-kept = Votre place est gardée un moment : q, puis { $command }
tui-panel-reconnecting = Reconnexion…
tui-panel-seat-comes-back = votre place revient d’elle-même
tui-panel-nothing-to-decide = Rien à décider cette manche : votre seul placement possible est scellé pour vous.

## The reveal and the game's end

tui-panel-round-revealed = Manche { $round } révélée
tui-panel-dice-roll = les dés roulent… (une touche : la fin)
tui-panel-opponent-left = Adversaire parti : en attente d’un autre
tui-panel-rematch-asked = Revanche demandée : en attente de la réponse
tui-panel-rematch-key = { $key } : une revanche, places échangées
tui-panel-next-game = En attente de la prochaine partie

## A column of the move: its mice ($count, or -) and what they go for

tui-panel-column-on = { $count } sur { $piece }
tui-panel-column-face-down = { $count } sur une pièce face cachée (à l’aveugle)
# $key picks another piece to steal.
tui-panel-column-steal = { $count } vol de { $piece } ({ $key })
tui-panel-column-steal-pick = { $count } vol : { $key } choisit une cible
tui-panel-column-nothing-to-steal = double blanc : rien à voler pour l’instant
tui-panel-column-empty = vide
# The odds: of taking the piece, and of the dice matching it (tiring the mice, or a boost).
tui-panel-odds-tire = prendre { $take } fatigue { $tire }
tui-panel-odds-boost = prendre { $take } élan { $boost }
