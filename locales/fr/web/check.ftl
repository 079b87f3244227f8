# What the page says of a finished game's fairness once it has checked it
# (the room's page when its game ends, the game's page for a game that ended
# at its deal): verified (✓), or NOT FAIR and the first broken link (the
# fair-* and verify-* messages). Sentences one after another, in a paragraph.
# Keep ✓ first in the verified messages: the page tells them by it.
#
# $command is the command that checks what the page cannot, "mice-cake
# verify": never translated. $seat is a seat's name (Yellow, Blue).

# $problem is a broken link (a fair-* or verify-* message).
check-not-fair = NON ÉQUITABLE : { $problem }
# $error is what went wrong, as the browser says it.
check-failed = Impossible de vérifier la partie : { $error }
# Text that should have been hexadecimal digits: $digits is how many, $text
# the text (as the record holds it).
check-failed-not-hex = Impossible de vérifier la partie : ce ne sont pas { $digits } chiffres hexadécimaux : { $text }

## A game played

# $signed: yes when every player's move is signed by its player, and checked here.
check-verified-fair =
    ✓ Partie vérifiée équitable par cette page : des dés que personne n’a choisis, des coups que personne n’a vus à l’avance{ $signed ->
        [yes] , chaque coup d’un joueur signé par ce joueur
       *[no] {""}
    } (la graine, chaque sceau{ $signed ->
        [yes] {" "}et chaque signature
       *[no] {""}
    }, la donne et chaque dé vérifiés ici ; que chaque issue respecte les règles, c’est { $command } qui le vérifie).
# $leave: yes when the record holds a signed leave too.
check-signatures-unchecked =
    Cette page n’a pas pu vérifier les signatures { $leave ->
        [yes] des coups et du départ
       *[no] des coups
    } (il faut HTTPS et un navigateur récent) : { $command } les vérifie.
check-moves-signed = Les coups de { $seat } sont signés par la clé de { $seat }.
# $yellow and $blue are the seats' names.
check-moves-signed-both = Les coups de { $yellow } sont signés par la clé de { $yellow } ; ceux de { $blue }, par la clé de { $blue }.
check-moves-unsigned = Rien ne prouve que les coups de { $seat } étaient bien les siens : ils ne sont pas signés, le serveur a donc pu les jouer.
check-moves-unsigned-both = Rien ne prouve que les coups des joueurs étaient bien les leurs : ils ne sont pas signés, le serveur a donc pu les jouer.
# $moves: a list of check-server-made-all and check-server-made-in, one a seat.
check-server-made = Coups joués par le serveur lui-même (ceux d’un bot, ou à un délai manqué) : { $moves }.
check-server-made-all = tous ceux de { $seat }
# $rounds: a list of check-round.
check-server-made-in = ceux de { $seat } pour { $rounds }
# Between the seats in check-server-made.
check-moves-separator = {"\u202F; "}
# The deal, or a round, in a list (check-server-made-in, check-moves-taken-over).
check-round =
    { $round ->
        [0] la donne
       *[other] la manche { $round }
    }
# Between the items of a list of rounds.
check-list-separator = {", "}
# $cause: what the result's forfeit rests on (verify-*-proven and
# verify-*-on-servers-word notes, separated by verify-notes-separator).
check-result = Le résultat : { $cause }.
check-score-left = Le score au moment où la partie s’est arrêtée est celui du serveur : cette page n’applique pas les règles pour le calculer ({ $command } le fait).
# $rounds: a list of check-round.
check-moves-taken-over = Le serveur a joué votre coup pour { $rounds } alors que cette page en avait scellé un (trop tard pour le délai, ou perdu en route).

## A game that ended at its deal

check-deal-verified = ✓ Vérifié par cette page : la partie s’est terminée à la donne, avant que quoi que ce soit ne soit distribué.
# $signed: yes when every seal is signed by its player, and checked here.
check-deal-checked =
    Vérifiés ici : la graine par rapport à l’engagement publié au début de la partie, chaque nonce ouvert par rapport à son sceau{ $signed ->
        [yes] , chaque signature par rapport à la clé de son joueur
       *[no] {""}
    }.
check-deal-signatures-unchecked = Cette page n’a pas pu vérifier les signatures (il faut HTTPS et un navigateur récent) : { $command } les vérifie.
check-deal-seals-unsigned-both = Rien ne prouve que les sceaux des joueurs étaient bien les leurs : ils ne sont pas signés, le serveur a donc pu les produire.
check-deal-seal-unsigned = Rien ne prouve que le sceau de { $seat } était bien le sien : il n’est pas signé, le serveur a donc pu le produire.
check-deal-nonces-by-server-both = Le serveur a produit lui-même les deux nonces (ceux d’un bot, ou au délai de la donne).
check-deal-nonce-by-server = Le serveur a produit lui-même le nonce de { $seat } (celui d’un bot, ou au délai de la donne).
check-deal-nonce-taken-over = Le serveur a produit votre nonce de la donne alors que cette page en avait scellé un (trop tard pour le délai, ou perdu en route).
check-deal-opening-lost = Cette page a envoyé l’ouverture de votre nonce, mais le relevé indique que vous ne l’avez jamais ouvert (elle est arrivée trop tard, ou s’est perdue en route).
