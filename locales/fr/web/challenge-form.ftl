# Challenging a player from their page (challenge-form.js): the form, what
# became of the challenge sent; on your own page, whom you take challenges
# from. Names are never translated.

# The button that opens the form: "Challenge Bob".
challenge-form-open = Lancer un défi à { $name }
# The same, for a player the server knows no name for.
challenge-form-open-unnamed = Lancer un défi à ce joueur
challenge-form-your-name = Votre nom
challenge-form-match = Match
# A match's length: the wins that take it (1: a single game).
challenge-form-first-to =
    { $wins ->
        [1] une partie
       *[other] en { $wins } victoires
    }
challenge-form-rated = Classé : les parties changent la cote des deux joueurs
challenge-form-time = Temps par manche
challenge-form-time-default = la valeur par défaut du serveur
challenge-form-time-seconds = { $seconds } s
challenge-form-time-minutes = { $minutes } min
challenge-form-time-none = sans limite
challenge-form-pieces = Pièces
challenge-form-reveal-standard = rangées 1, 3, 5, 7 face visible
challenge-form-reveal-all-face-up = toutes face visible
challenge-form-reveal-all-face-down = toutes face cachée
challenge-form-boost = L’élan au lieu de la fatigue
challenge-form-send = Envoyer le défi
challenge-form-close = Fermer
challenge-form-sent = Défi envoyé : il attend sa réponse au bas de la page.
challenge-form-keyless = Un défi se lance avec la clé de ce navigateur, et ce navigateur ne peut pas en garder une ici (il lui faut HTTPS ou localhost, et IndexedDB).

## Your own page: whom you take challenges from

challenges-from-heading = Défis
challenges-from-label = Accepter les défis de
challenges-from-choice =
    { $from ->
        [everyone] tout le monde
        [played] joueurs que j’ai affrontés
       *[nobody] personne
    }
challenges-from-set =
    { $from ->
        [everyone] Enregistré : vous acceptez les défis de tout le monde.
        [played] Enregistré : vous n’acceptez les défis que des joueurs que vous avez affrontés.
       *[nobody] Enregistré : vous n’acceptez les défis de personne.
    }
