# This browser's challenges (challenges.js, challenge-banner.js): the banner
# at the foot of every page where the browser has its key, a challenge's
# room in words, how a challenge ended. Names, room codes and challenge ids
# are never translated.

# The banner's name, for screen readers.
challenges-region = Défis
# A challenge to you: $name challenges, $options is challenges-options' parts (a match to 3, rated, 60 s a round).
challenges-incoming = { $name } vous lance un défi : { $options }
# A challenge you made, waiting for $name to answer it.
challenges-outgoing = En attente de la réponse de { $name } : { $options }
# How long a challenge still waits, as a clock shows it (9:58).
challenges-left = expire dans { $clock }
# A player the server knows no name for: the first digits of their key.
challenges-unnamed = un joueur ({ $key }…)
challenges-accept = Accepter
challenges-decline = Refuser
challenges-cancel = Annuler
# A link to the challenge's page (/c/ID), to give to whoever it is for.
challenges-its-page = Son lien
challenges-copy = Copier le lien
challenges-copied = Lien copié
# A note that a challenge ended, read and put away.
challenges-dismiss = Fermer
# A link to the room of a challenge accepted in another tab.
challenges-go = Aller à la salle
# An answer to a challenge (accept, decline, cancel) the server refused: $reason says why.
challenges-refused = { $reason }
# How a challenge ended. $side: "to" a challenge made to you, "from" one you made. $end: accepted, declined, cancelled, expired. $name: the other player; $code: the room of one accepted.
challenges-ended =
    { $side ->
        [to]
            { $end ->
                [accepted] Vous avez accepté le défi de { $name } : salle { $code }.
                [declined] Vous avez refusé le défi de { $name }.
                [cancelled] { $name } a retiré son défi.
               *[expired] Le défi de { $name } a expiré.
            }
       *[from]
            { $end ->
                [accepted] { $name } a accepté votre défi : salle { $code }.
                [declined] { $name } a refusé votre défi.
                [cancelled] Vous avez retiré votre défi à { $name }.
               *[expired] Votre défi à { $name } a expiré : personne n’y a répondu à temps.
            }
    }

## A challenge's room in words: its parts, joined by commas

# The wins that take the match: 1 is a single game.
challenges-match =
    { $first_to ->
        [1] une partie
       *[other] un match en { $first_to } victoires
    }
challenges-rated =
    { $rated ->
        [yes]
            { $first_to ->
                [1] classée
               *[other] classé
            }
       *[no]
            { $first_to ->
                [1] amicale
               *[other] amical
            }
    }
challenges-time-seconds = { $seconds } s par manche
challenges-time-minutes = { $minutes } min par manche
challenges-time-none = sans limite de temps
challenges-time-default = le temps par manche du serveur
# How the pieces start, when not rows 1, 3, 5, 7 face up.
challenges-all-face-up = toutes les pièces face visible
challenges-all-face-down = toutes les pièces face cachée
# A stall limit other than the standard one (100 rounds).
challenges-stall = limite d’impasse { $limit }
