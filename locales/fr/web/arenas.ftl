# The arenas at /arenas (arenas.js): the list of arenas, and the form that
# makes one.

arenas-title = Arènes · Mice Cake
arenas-heading = Arènes
arenas-loading = Chargement des arènes…
arenas-intro = Un tournoi avec un début et une fin : chacun joue autant de parties qu’il peut, et est de nouveau apparié selon son classement à la fin de chaque partie. Deux points par victoire, un par match nul, doublés après deux victoires d’affilée.
arenas-none = Aucune arène pour l’instant : créez la première ci-dessous.
arenas-unreadable = Les arènes ne peuvent pas être lues pour l’instant : rechargez la page dans un moment.
# An arena in the list, after its name: $status is where it stands (arena-starts-in, arena-live…),
# $kind what kind it is (arena-kind).
arenas-item = — { $status } ; { $players ->
        [one] { $players } joueur
       *[other] { $players } joueurs
    } ; { $kind }

## The form that makes an arena

arenas-make-heading = Créer une arène
arenas-its-name = Son nom
# The arena's name proposed: $name is the player's.
arenas-default-name = Arène de { $name }
# The arena's name proposed to a player without a name yet.
arenas-default-name-ours = Notre arène
arenas-your-name = Votre nom
arenas-starts-label = Début
# When the arena starts, in $minutes from now.
arenas-starts = { $minutes ->
        [0] maintenant
        [60] dans une heure
        [one] dans { $minutes } minute
       *[other] dans { $minutes } minutes
    }
arenas-lasts-label = Durée
# How long the arena lasts: $hours and $minutes (15 minutes, 1 hour, 1 h 30, 3 hours).
arenas-lasts = { $hours ->
        [0] { $minutes ->
            [one] { $minutes } minute
           *[other] { $minutes } minutes
        }
       *[other] { $minutes ->
            [0] { $hours ->
                [one] { $hours } heure
               *[other] { $hours } heures
            }
           *[other] { $hours } h { $minutes }
        }
    }
arenas-pool-label = Catégorie
arenas-time-label = Temps par manche
# The time per round the server gives when the arena does not say.
arenas-time-default = Celui du serveur
# A time per round, in seconds.
arenas-time-seconds = { $seconds } s
arenas-rated-label = Classée : ses parties modifient la cote des joueurs
arenas-join-code-label = Code d’accès (arène d’un club)
# The join code field's placeholder: with no code, anyone may join.
arenas-join-code-none = aucun : ouverte à tous
arenas-make = Créer l’arène
arenas-keyless = Une arène se crée avec la clé de ce navigateur, et il ne peut pas en garder une ici : il lui faut HTTPS ou localhost, et IndexedDB.
# $reason: why the server refused, a sentence of its own.
arenas-not-made = Arène non créée : { $reason }
# $status: the HTTP status the server answered with, like 500.
arenas-not-made-status = Arène non créée : le serveur a répondu { $status }.
arenas-unreachable = Le serveur est injoignable pour l’instant : réessayez dans un moment.
