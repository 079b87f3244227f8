# A challenge's page, /c/ID (challenge-page.js): who challenges whom, how
# long it still waits or how it ended, and the answer for the browser that
# may give it. Names, room codes, challenge ids and keys are never
# translated.

challenge-page-title = Défi { $id } · Mice Cake
challenge-page-loading = Chargement du défi…
challenge-page-not-found = Aucun défi n’a l’identifiant { $id }.
challenge-page-unreachable = Ce défi ne peut pas être chargé : le serveur est injoignable.
challenge-page-heading = Un défi
# $from challenges $to: each a player's name, linked to their page.
challenge-page-who = { $from } lance un défi à { $to }
# How long it still waits, as a clock shows it (9:58).
challenge-page-left = En attente de la réponse : expire dans { $clock }.
# To a browser that holds neither key: $name is the challenged player, $key their key.
challenge-page-not-yours = Ce défi est pour { $name } : seul le navigateur qui détient sa clé ({ $key }) peut y répondre.
# Accepted: $room is the room's code, a link to it.
challenge-page-accepted = Accepté : joué dans la salle { $room }.
# How it ended otherwise; $name is the challenger.
challenge-page-ended =
    { $end ->
        [declined] Refusé.
        [cancelled] Retiré par { $name }.
       *[expired] Expiré : personne n’y a répondu à temps.
    }
