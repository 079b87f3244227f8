# The screens before a game (client-cli/src/tui/view/waiting.rs): seeking
# an opponent, the room waiting for its players, a terminal too small.

tui-seek-connecting = Connexion…
tui-seek-nobody-yet = Personne avec qui jouer pour l’instant.
# $policy is the bot's name (greedy, strong, random); $kind is rated or unrated.
tui-seek-bot-offered = Jouer contre le bot { $policy } du serveur (partie { $kind ->
        [rated] classée
       *[unrated] amicale
    }) ?  { $yes } : le jouer · { $no } : attendre une personne
tui-seek-waiting = Attente { $clock }
tui-seek-bot-in = Si personne ne vient, le bot du serveur vous sera proposé dans { $clock } (partie amicale ; à vous de choisir)
tui-seek-bot-any-moment = Le bot du serveur va vous être proposé d’un instant à l’autre (partie amicale ; à vous de choisir)
tui-room-code = Salle { $code }
# The command to run follows on the next line.
tui-room-tell-opponent = En attente d’un adversaire. Dites-lui de lancer :
# $seat is drawn in its colour.
tui-room-you-play = Vous jouez { $seat }
tui-room-waiting-for-players = En attente de deux joueurs ; la partie commence quand les deux sont là.

## A terminal too small to draw the game (a line can be 20 columns)

tui-small-leave = Quitter la partie ?
tui-small-forfeit = Vous perdez par forfait.
tui-small-leave-keys = { $yes } : quitter · { $no } : rester
tui-small-too-small = Terminal trop petit
# $size: columns×rows, like 60×18.
tui-small-at-least = agrandissez-le à { $size } au moins
tui-small-quit = ({ $key } pour quitter)
tui-room-opponent-coming = Le défi est accepté : la salle attend que votre adversaire prenne sa place
