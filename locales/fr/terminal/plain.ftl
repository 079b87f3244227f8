# The line interface (client-cli/src/plain/).

## Seeking an opponent (text_output.rs)

# A seek's time per round when any will do.
plain-any-time = n’importe quel temps
plain-any-pool = n’importe quelle catégorie
# $pool (text-pool or plain-any-pool), $time per round (like 30s, or plain-any-time), rated or casual, the player's rating (like 1500?).
plain-seeking =
    recherche d’un adversaire : { $pool }, { $time } par manche, { $kind ->
        [rated] classée
       *[casual] amicale
    } (votre cote : { $rating })
# As plain-seeking, for a player who aborted $aborted of their last $games rated games.
plain-seeking-paired-last =
    recherche d’un adversaire : { $pool }, { $time } par manche, { $kind ->
        [rated] classée
       *[casual] amicale
    } (votre cote : { $rating }) ; vous avez annulé { $aborted } de vos { $games } dernières parties classées (quittées, abandonnées par absence ou non ouvertes avant que les deux joueurs aient joué un coup), vous êtes donc apparié après tous les autres
# $policy is the bot's name (strong).
plain-bot-offered = personne avec qui être apparié pour l’instant : vous jouez plutôt contre le bot { $policy } du serveur (partie amicale)
# $badge is [BOT] after a bot's name, or nothing; $rating the opponent's.
plain-paired =
    apparié avec { $opponent }{ $badge } ({ $rating }) dans la salle { $code } : { $pool }, { $time } par manche, { $kind ->
        [rated] classée
       *[casual] amicale
    }
# $reason is the server's own words.
plain-unpaired = appariement annulé, salle { $code } fermée : { $reason }
# $why is text-seek-end.
plain-seek-ended = plus de recherche d’adversaire : { $why }

## The server's news (text_output.rs)

# $server is the server's name and version.
plain-connected = connecté à { $server }
# A refusal: $code is the protocol's (room_full), never translated; $message the refusal in words.
plain-error = erreur ({ $code }) : { $message }
# $message is the server's own words.
plain-shutting-down = serveur : { $message }
plain-renamed = { $key } s’appelle désormais { $name }
plain-bot-described = La page des bots montre ce bot joué par { $engine } { $version }.
plain-you-are = salle { $code } — vous êtes { $seat }
# $command joins the room: a command line, never translated.
plain-waiting-for-opponent = en attente d’un adversaire : dites-lui de lancer  { $command }
plain-watching-room = vous regardez la salle { $code }
plain-new-game = nouvelle partie : vous êtes désormais { $seat }
plain-left-room = salle { $code } quittée
# $badge is [BOT] after a bot's name, or nothing.
plain-player-joined = { $name }{ $badge } a rejoint la salle en { $seat }
# Who plays which seat; the badges are [BOT] after a bot's name, or nothing.
plain-game-begins = la partie { $game } commence : { $yellow }{ $yellow_badge } joue Jaune, { $blue }{ $blue_badge } joue Bleu
# $why is text-not-rated.
plain-not-rated = cette partie n’est pas classée, bien que la salle le soit : { $why }
plain-committed = { $seat } a scellé son coup
plain-back = { $seat } est de retour
# A player who went away forfeits after $seconds seconds unless back.
plain-disconnected-grace = { $seat } s’est déconnecté : forfait dans { $seconds } s sauf retour
plain-disconnected = { $seat } s’est déconnecté
# How many spectators watch the room.
plain-spectators =
    { $count ->
        [one] { $count } spectateur
       *[other] { $count } spectateurs
    }
plain-rematch = { $seat } propose une revanche
plain-player-left = { $seat } est parti
# A seat's new rating (like 1532?), its deviation, and the rated games it rests on.
plain-rated =
    cote de { $seat } : { $rating } (écart { $deviation }, { $games ->
        [one] { $games } partie classée
       *[other] { $games } parties classées
    })

## The rooms and seats tables (text_output.rs)

plain-no-public-rooms = aucune salle publique
# The rooms table's column headings: short words.
plain-rooms-code = code
plain-rooms-status = état
plain-rooms-yellow = jaune
plain-rooms-blue = bleu
plain-rooms-round = manche
plain-rooms-watching = public
# A room's status in the table: one short word.
plain-room-waiting = en attente
plain-room-playing = en jeu
plain-room-finished = terminée
# More public rooms than listed.
plain-rooms-more = … et { $count } de plus
plain-no-seat = vous n’avez aucune place
# The seats table's column headings: short words.
plain-seats-room = salle
plain-seats-seat = place
plain-seats-name = nom
plain-seats-when = quand
plain-seats-server = serveur
# A command line, never translated (SERVER and ROOM are to be replaced).
plain-take-seat-back = reprenez-en une avec :  mice-cake --server SERVER resume ROOM
# How long ago a seat was kept, in a few characters.
plain-ago-now = à l’instant
plain-ago-minutes = il y a { $count } min
plain-ago-hours = il y a { $count } h
plain-ago-days = il y a { $count } j

## A game (mod.rs, output.rs, deciders.rs, typed.rs)

# The connection dropped ($reason); the next try in $seconds (with a decimal), the how-manieth.
plain-reconnecting = connexion perdue ({ $reason }) ; reconnexion dans { $seconds } s (tentative { $attempt })
plain-reconnected = reconnecté
# The player's own move, sealed: $assignment like A2 C2.
plain-committed-for-round = coup joué pour la manche { $round } : { $assignment } (scellé)
# pause is a word the player types: never translated.
plain-waiting-to-be-paired = en attente d’un nouvel appariement (tapez pause pour arrêter)
# Ctrl-C pressed during a game: a second press within $seconds seconds leaves.
plain-leave-the-game = Quitter la partie ? Vous la perdez par forfait. Appuyez de nouveau sur Ctrl-C dans les { $seconds } s pour partir (ou fermez le terminal : votre place vous est gardée un moment, pour reprendre)
plain-leaving-forfeit = vous quittez la salle { $code } : vous perdez la partie { $game } par forfait
plain-leaving = vous quittez la salle { $code }
# Where a finished game's record is on the server.
plain-record = relevé : /api/games/{ $id }
# A chat line said by a player.
plain-chat-player = discussion : { $name } ({ $seat }) : { $text }
plain-chat-spectator = discussion : { $name } (spectateur) : { $text }
plain-chat = discussion : { $name } : { $text }
plain-forced = rien à décider cette manche : votre seul placement possible est scellé pour vous
plain-out-of-input = l’entrée standard s’est terminée avec une manche à jouer : vous quittez la partie
# A round opens for the player: $mice to place, $seconds left if the round is timed, and a legal assignment as an example ($example, like A2 C1) if there is one.
plain-your-turn =
    manche { $round } : vous êtes { $seat }, { $mice } souris à placer{ $timed ->
        [yes] {" "}(encore { $seconds } s)
       *[no] {""}
    } ; tapez votre placement{ $like ->
        [yes] , par exemple : { $example }
       *[no] {""}
    }
# $error says which rule the assignment breaks.
plain-cannot-be-played = { $assignment } ne peut pas être joué : { $error }
plain-chat-off = la discussion est désactivée (--no-chat)
# A line starting with { that the protocol cannot read.
plain-not-a-message = ce n’est pas un message : { $error }
plain-watching-nothing-to-play = vous regardez : il n’y a rien à jouer (q pour quitter)
# A line that is no assignment ($line, in quotes); the examples are typed as they are.
plain-cannot-read-move = impossible de lire { $line } : { $error } (écrivez-le comme `A2 C1` ou `D1 steal 6/6`)
plain-noted = { $assignment } : noté, pour l’ouverture de la prochaine manche

## Un défi (text_output.rs, mod.rs)

plain-challenge-waiting = en attente de la réponse (Ctrl-C retire le défi)
plain-challenge-taken-back = retrait du défi { $id }
