# The check of a finished game against what this browser saw of it (its
# seals, signatures, keys and its own moves), and what changed during a game
# that an honest server never changes. Each message is a broken link: the
# page shows it after "NOT FAIR:" (check-not-fair), so it starts in
# lowercase. Shared with the record's own check (verify.ftl) where the words
# are the same.
#
# $round is a round's number, 0 for the deal: each message names it.
# $seat is a seat's name (Yellow, Blue) unless its comment says otherwise.

fair-no-seals = le relevé ne contient aucun sceau
fair-seed-mismatch = la graine ne correspond pas à l’engagement publié au début de la partie
fair-commitment-mismatch = l’engagement du relevé n’est pas celui publié au début de la partie
fair-revealed-missing = la manche { $round } a été révélée pendant la partie mais manque au relevé
fair-sealed-missing = la manche { $round } a été scellée pendant la partie mais manque au relevé
# $seat is the seat's id, yellow or blue, written in lowercase in English as
# the engine writes it (`mice-cake verify`); a translation names the seat.
fair-seal-not-published =
    le sceau de { $seat ->
        [yellow] Jaune
        [blue] Bleu
       *[other] { $seat }
    } pour { $round ->
        [0] la donne
       *[other] la manche { $round }
    } n’est pas celui publié avant l’ouverture des coups
fair-signature-not-published =
    la signature de { $seat } pour { $round ->
        [0] la donne
       *[other] la manche { $round }
    } n’est pas celle publiée avec le sceau
fair-key-not-announced = la clé de { $seat } dans le relevé n’est pas celle annoncée au début de la partie
fair-key-not-yours = le relevé ne donne pas à votre couleur la clé avec laquelle ce navigateur a signé vos coups
fair-round-missing = la manche { $round } manque au relevé
fair-move-not-held =
    { $round ->
        [0] la donne
       *[other] manche { $round }
    } : le relevé ne contient pas le coup que vous avez ouvert

## What changed during the game, noted as it happened

fair-commitment-changed = le serveur a publié un autre engagement pendant la partie
fair-seal-changed =
    un sceau { $round ->
        [0] de la donne
       *[other] de la manche { $round }
    } a changé après sa publication
fair-signature-changed =
    la signature de { $seat } pour { $round ->
        [0] la donne
       *[other] la manche { $round }
    } a changé après sa publication
