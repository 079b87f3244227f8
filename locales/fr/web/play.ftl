# "Play now" (/play), quick pairing: the player's choices, the search for an
# opponent, the server's bot offered, the pairing, and the server's refusals.

play-title = Jouer maintenant · Mice Cake
play-looking-title = Recherche d’un adversaire · Mice Cake
play-paired-title = Adversaire trouvé · Mice Cake
play-heading = Jouer maintenant
play-lead = Affrontez qui attend déjà, la cote la plus proche d’abord, dans une salle privée créée pour vous deux. Personne ne vient ? Le bot du serveur vous est proposé après l’attente que vous choisissez.
play-leaderboard = Classement

## The choices

# Labels, each before its field.
play-your-name = Votre nom
play-pool = Catégorie
play-time = Temps par manche
play-offer-bot = Me proposer le bot du serveur
# The first choice of pool.
play-any-pool = Toutes les catégories
# The choices of time per round.
play-time-any = Indifférent
play-time-seconds = { $seconds } s
play-time-minutes = { $minutes } min
# The choices of when the server's bot is offered, after "Offer me the server's bot".
play-bot-after = après { $seconds } s
play-bot-never = jamais
# A checkbox; other messages name it ("under Rated").
play-rated = Classée : la partie change la cote des deux joueurs
play-rated-help = Votre cote appartient à la clé de ce navigateur, qui la crée et la conserve.
play-keyless = Ce navigateur ne peut pas conserver de clé ici, et une cote appartient à la clé d’un joueur : une clé demande WebCrypto, que les navigateurs n’accordent qu’aux pages servies en HTTPS ou depuis localhost, et IndexedDB, qui manque à certaines fenêtres privées. Vous pouvez jouer une partie amicale : elle ne change aucune cote.
play-no-key = Une partie classée demande la clé de ce navigateur, et il ne peut pas en conserver ici (pourquoi : sous Classée). Jouer plutôt une partie amicale ?
play-start = Jouer maintenant
play-casual = Jouer plutôt une partie amicale
play-name-first = Choisissez d’abord un nom : c’est ainsi que votre adversaire vous verra.

## The search

play-looking = Recherche d’un adversaire…
# Told to screen readers as the search starts.
play-looking-announce = Recherche d’un adversaire.
play-looking-announce-last = Recherche d’un adversaire. { play-paired-last }
# Under the search's heading: what the player asked for. $pool is a pool's
# name or "Any pool", $time play-asked-time or play-asked-any-time.
play-asked = { $pool } · { $time } · { $rated ->
        [yes] classée
       *[no] amicale
    } · { $botAfter ->
        [0] sans bot
       *[other] le bot proposé après { $botAfter } s
    }
# $time: "30 s", "2 min".
play-asked-time = { $time } par manche
play-asked-any-time = temps par manche indifférent
# $rating: the player's rating, like 1500 or 1500? (provisional).
play-your-rating = Votre cote ({ $pool }) : { $rating }
play-paired-last = Vous avez interrompu { $games ->
        [one] votre dernière partie classée
       *[other] { $aborted } de vos { $games } dernières parties classées
    } (en quittant la partie, en restant absent ou sans ouvrir votre coup scellé avant que chaque joueur ait joué), vous passez donc après tous les autres.
play-waited = Attente : { $seconds } s
play-cancel = Annuler
play-cancelled = Recherche annulée.
play-reconnecting = La connexion a été perdue : reconnexion pour reprendre la recherche…
play-unreachable = Le serveur est injoignable : il n’a pas répondu pendant cinq minutes.

## The server's bot, offered after the wait chosen

# $policy: which bot (strong, greedy, random).
play-bot-offer = Personne pour l’instant — jouer contre le bot { $policy ->
        [strong] fort
        [greedy] glouton
        [random] aléatoire
       *[other] { $policy }
    } du serveur (partie amicale) ?
play-take-bot = Jouer contre le bot
play-keep-waiting = Continuer d’attendre
play-starting-bot = Lancement d’une partie contre le bot…

## Paired

# $badge: a BOT badge after a program's name, or nothing; $rating: the opponent's rating.
play-paired = Adversaire trouvé : { $name }{ $badge }
play-paired-rated = Adversaire trouvé : { $name }{ $badge } ({ $rating })
# Told to screen readers. $bot: yes when the opponent is a program.
play-paired-announce = Adversaire trouvé : { $name }{ $bot ->
        [yes] , un bot
       *[no] {""}
    }. Direction la salle { $code }.
play-arriving = Vous êtes dans la salle { $code } : en attente de l’arrivée de votre adversaire…
play-going = Direction la salle { $code }…

## The server's reasons and refusals: $reason is what the server said, a
## sentence or more, in the page's language (common/refusals.ftl)

play-unpaired = L’appariement a été annulé : { $reason } Recherche d’un autre adversaire…
play-unpaired-ended = L’appariement a été annulé : { $reason } Choisissez à nouveau, ou relancez Jouer maintenant.
play-search-ended = La recherche a pris fin : { $reason } Choisissez à nouveau, ou relancez Jouer maintenant.
# The server's refusal, then why this browser has no key.
play-refused-key = { $reason } { play-keyless }
play-refused-name = { $reason } Choisissez-en un autre.
