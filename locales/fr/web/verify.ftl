# The browser's own check of a finished game's record (verify.js), in the
# engine's words (`mice-cake verify` says the same): each message but the
# notes is a broken link, which the page shows after "NOT FAIR:"
# (check-not-fair), so it starts in lowercase; the notes (verify-*-proven,
# verify-*-on-servers-word) say what a result's forfeit rests on, after
# "The result:" (check-result).
#
# $round is a round's number, 0 for the deal: each message names it.
# $seat is a seat's name (Yellow, Blue) unless its comment says otherwise.
# $result and $expected are a result as the page writes it elsewhere
# ("Yellow 94 – Blue 74, Yellow wins on pips (the cake is gone)").
# "fair.keys", "fair.left" and "missed_deadline_limit" are the record's and
# the answer's fields, as written there: never translated.

## The record's form and keys

verify-format-holds-no-keys = un relevé de format { $format } ne contient pas de clés (« fair.keys » appartient aux formats 3 et 4)
verify-format-needs-keys = un relevé de format { $format } doit contenir les clés de ses joueurs (« fair.keys »)
verify-format-holds-no-leave = un relevé de format { $format } ne contient pas de départ (« fair.left » appartient au format 4)
verify-key-not-ed25519 = la clé de { $seat } n’est pas une clé publique Ed25519 (64 chiffres hexadécimaux)
verify-no-seed = le relevé n’a pas de graine
verify-exchanges-not-rounds = le relevé ne contient pas un échange scellé par manche

## Seals, nonces and dice against the seed

# $seat is the seat's id, yellow or blue, written in lowercase in English as
# the engine writes it; a translation names the seat.
verify-server-nonce-not-seeds =
    le coup de { $seat ->
        [yellow] Jaune
        [blue] Bleu
       *[other] { $seat }
    } pour { $round ->
        [0] la donne
       *[other] la manche { $round }
    } est présenté comme celui du serveur, mais son nonce n’est pas celui que donne la graine
# $seat is the seat's id, as in verify-server-nonce-not-seeds.
verify-opening-not-seal =
    { $round ->
        [0] la donne
       *[other] manche { $round }
    } : l’ouverture de { $seat ->
        [yellow] Jaune
        [blue] Bleu
       *[other] { $seat }
    } ne correspond pas à son sceau
verify-server-move-claimed =
    { $round ->
        [0] la donne
       *[other] manche { $round }
    } : le coup de { $seat } est enregistré comme le sien, mais son nonce est celui que la graine engagée du serveur donne pour { $seat } à ce moment : c’est le serveur qui l’a joué
verify-deal-not-seeds = la donne n’est pas celle que donnent la graine et les deux nonces de la donne (rangée { $row })
# $seat is the seat's id, as in verify-server-nonce-not-seeds; $kind is
# attempt or boost; $column is a column's letter (A–D); $die is 1, 2 or 3
# (which of the roll's dice); $face and $expected are what the die shows.
verify-die-not-seeds =
    { $round ->
        [0] la donne
       *[other] manche { $round }
    } : { $kind ->
        [boost] l’élan
       *[attempt] la tentative
    } de { $seat ->
        [yellow] Jaune
        [blue] Bleu
       *[other] { $seat }
    } en colonne { $column }, dé { $die }, montre { $face } là où la graine et les deux nonces donnent { $expected }

## Signatures and leaves

verify-signature-mismatch =
    { $round ->
        [0] la donne
       *[other] manche { $round }
    } : la signature de { $seat } ne correspond pas au sceau et à la clé de { $seat }
verify-server-move-signed =
    { $round ->
        [0] la donne
       *[other] manche { $round }
    } : le serveur a joué le coup de { $seat }, et pourtant le relevé lui donne la signature de { $seat }
verify-signature-without-key =
    { $round ->
        [0] la donne
       *[other] manche { $round }
    } : le coup de { $seat } porte une signature, mais { $seat } n’a annoncé aucune clé pour la vérifier
verify-move-unsigned =
    { $round ->
        [0] la donne
       *[other] manche { $round }
    } : le coup de { $seat } est enregistré comme le sien, mais il n’est pas signé avec la clé de { $seat } (un coup sans la signature de son joueur est celui du serveur)
# $round is the round the leave is signed for, $stopped the one the record
# stops in (0: the deal).
verify-leave-wrong-round =
    le départ de { $seat } est signé pour { $round ->
        [0] la donne
       *[other] la manche { $round }
    }, mais le relevé s’arrête { $stopped ->
        [0] à la donne
       *[other] à la manche { $stopped }
    }
verify-leave-unsigned =
    le départ de { $seat } ({ $round ->
        [0] la donne
       *[other] manche { $round }
    }) n’est pas signé avec la clé de { $seat }

## The result the server gives with the record

verify-result-forfeit-unrevealed = le résultat donné ({ $result }) dit que { $seat } a perdu la partie par forfait, mais aucune manche n’a été révélée : une partie qui se termine avant que les deux joueurs aient joué un coup est annulée, et personne ne la gagne
verify-result-abandoned-unrevealed = le résultat donné ({ $result }) dit que les deux joueurs ont perdu la partie par forfait, mais aucune manche n’a été révélée : une partie qui se termine avant que les deux joueurs aient joué un coup est annulée, et personne ne la gagne
verify-result-aborted-late =
    le résultat donné ({ $result }) dit que la partie a été annulée avant que les deux joueurs aient joué un coup, mais { $count ->
        [one] { $count } manche avait déjà été révélée
       *[other] { $count } manches avaient déjà été révélées
    } : dès lors, une partie se termine par un forfait
verify-result-not-played-out = le résultat donné ({ $result }) dit que la partie a été jouée jusqu’au bout, mais son relevé s’arrête avant la fin
verify-result-not-the-records = le résultat donné ({ $result }) n’est pas celui du relevé : le relevé, rejoué, donne { $expected }
verify-limit-zero = la réponse dit que le serveur fait perdre un joueur par forfait après 0 délai manqué d’affilée, mais aucun serveur ne fonctionne avec une limite inférieure à 1
verify-limit-missing = la réponse omet la limite de délais manqués d’affilée du serveur (missed_deadline_limit), que donne toute réponse accompagnant un relevé de format { $format } : sans elle, rien ne dit combien de coups le serveur doit avoir joués pour un joueur qui perd par forfait pour délais manqués
# $count is the server's limit of missed deadlines in a row; $result is the
# result given.
verify-deadlines-ended =
    le serveur a joué le coup de { $seat } { $count ->
        [one] dans la dernière manche
       *[other] dans chacune des { $count } dernières manches
    } du relevé, sa limite de délais manqués d’affilée : la partie s’est terminée là, { $seat } perdant par forfait pour délais manqués, et non comme le dit le résultat donné ({ $result })
# $yellow and $blue are the seats' names.
verify-deadlines-ended-both =
    le serveur a joué les coups de { $yellow } et de { $blue } { $count ->
        [one] dans la dernière manche
       *[other] dans chacune des { $count } dernières manches
    } du relevé, sa limite de délais manqués d’affilée : la partie s’est terminée là, abandonnée par les deux pour délais manqués, et non comme le dit le résultat donné ({ $result })

# How a game ended, in verify-leave-but-other-ending.
verify-ending-played = jouée jusqu’au bout
verify-ending-forfeit = un forfait pour une autre cause
verify-ending-abandoned = abandonnée par les deux
verify-ending-aborted = annulée pour une autre cause
verify-leave-but-other-ending = le relevé contient le départ signé de { $seat }, mais le résultat donné dit que la partie s’est terminée autrement ({ $ending })

## What a forfeit rests on: a broken link, or a note after "The result:"

verify-left-on-servers-word = que { $seat } ait quitté la partie repose sur la parole du serveur ({ $seat } n’avait pas de clé pour signer un départ)
verify-left-proven = { $seat } a quitté la partie, comme le prouve son départ, signé avec la clé de { $seat }
verify-left-unproven = le résultat donné dit que { $seat } a quitté la partie, mais le relevé ne contient aucun départ signé avec la clé de { $seat } : rien ne prouve que { $seat } l’ait quittée
verify-deal-missed-but-sealed = le résultat donné dit que { $seat } n’a pas scellé de nonce de donne à temps, mais le relevé contient le sceau de { $seat }
verify-deal-missed-proven = { $seat } n’a scellé aucun nonce de donne à temps, comme le prouve le relevé (il ne contient aucun sceau de { $seat })
verify-missed-but-own-move = le résultat donné dit que { $seat } a manqué trop de délais, mais le dernier coup de { $seat } dans le relevé est bien le sien
# $count: the rounds at the record's end in which the server made the move.
verify-missed-on-servers-word =
    que { $seat } ait manqué trop de délais repose sur la parole du serveur : le serveur a joué le coup de { $seat } { $count ->
        [one] dans la dernière manche
       *[other] dans chacune des { $count } dernières manches
    } du relevé, mais la réponse ne donne pas la limite du serveur (une partie enregistrée avant que les serveurs la conservent)
# $count: the moves at the record's end the server made; $limit: the
# server's limit of missed deadlines in a row (more than $count).
verify-missed-too-few =
    le résultat donné dit que { $seat } a manqué trop de délais, mais { $count ->
        [0] le serveur n’a joué aucun des derniers coups de { $seat } dans le relevé
        [one] le serveur n’a joué que le dernier coup de { $seat } dans le relevé
       *[other] les { $count } derniers coups joués par le serveur pour { $seat } dans le relevé ne suffisent pas
    } (la limite du serveur : { $limit } d’affilée)
# $limit: the server's limit of missed deadlines in a row; $count: the
# rounds at the record's end in which the server made the move (at least
# $limit).
verify-missed-proven =
    { $seat } a manqué { $limit ->
        [one] { $limit } délai
       *[other] { $limit } délais
    } d’affilée, comme le prouve le relevé : le serveur a joué le coup de { $seat } { $count ->
        [one] dans la dernière manche du relevé
       *[other] dans chacune des { $count } dernières manches du relevé
    }
verify-disconnected-on-servers-word = que { $seat } soit resté absent au-delà du délai de grâce repose sur la parole du serveur
verify-not-opened-on-servers-word = que { $seat } n’ait pas ouvert à temps un coup scellé repose sur la parole du serveur (le relevé montre le sceau ; si l’ouverture est arrivée à temps, seul le serveur l’a vu)
# $cause is the cause as the server sent it (an id such as "timeout").
verify-forfeit-on-servers-word = que { $seat } ait perdu par forfait ({ $cause }) repose sur la parole du serveur
# Between the notes of one result, when both players forfeited.
verify-notes-separator = {"\u202F; "}

## Ratings (a game in a rated room)

# Why a game in a rated room was not rated, as the server says it.
verify-not-rated-same-address = les deux joueurs sont sur la même adresse réseau
verify-not-rated-pair-limit = ces deux joueurs ont déjà disputé 3 parties classées ensemble ces dernières 24 heures
verify-not-rated-bot-against-person = un bot joue contre une personne : les bots sont classés entre bots
verify-not-rated-same-key = une même clé occupe les deux couleurs
verify-not-rated-aborted = elle s’est terminée avant que les deux joueurs aient joué un coup
verify-not-rated-abandoned = les deux joueurs ont perdu par forfait en même temps
# $reason is one of the verify-not-rated-* messages.
verify-rated-and-not = la partie est présentée comme classée et, en même temps, non classée ({ $reason })
# $ending is aborted or abandoned.
verify-rated-ended-early =
    la partie aurait fait évoluer les cotes de ses joueurs, mais elle a été { $ending ->
        [aborted] annulée avant que les deux joueurs aient joué un coup
       *[abandoned] abandonnée par les deux en même temps
    } : une telle partie n’est jamais classée
# $why is aborted or abandoned: what the answer says the game was.
verify-unrated-not-so =
    { $why ->
        [aborted] la partie est présentée comme non classée parce qu’annulée, mais elle n’a pas été annulée
       *[abandoned] la partie est présentée comme non classée parce qu’abandonnée, mais elle n’a pas été abandonnée
    }
verify-rated-server-deal-nonce = la partie est présentée comme classée, mais le serveur a produit le nonce de donne de { $seat } : rien ne prouve que la clé de { $seat } l’ait joué
verify-rated-one-key = la partie est présentée comme classée, mais une seule clé a joué les deux couleurs : une telle partie n’est jamais classée
# $pool and $rules are pools' ids, as the server writes them (standard,
# boost, face_up, face_up_boost, face_down, face_down_boost).
verify-rated-other-pool = la partie est présentée comme classée dans la catégorie { $pool }, mais ses règles sont celles de la catégorie { $rules }
verify-rated-no-pool = la partie est présentée comme classée dans la catégorie { $pool }, mais ses règles ne sont celles d’aucune catégorie (une autre limite d’impasse)
# $key is the first 16 hexadecimal digits of a player's key.
verify-rated-key-not-records = la partie est présentée comme classée pour la clé { $key }… de { $seat }, mais la clé de { $seat } dans le relevé est une autre
verify-rated-room-key-not-records = la réponse dit que { $seat } a joué la partie de sa salle classée avec la clé { $key }…, mais la clé de { $seat } dans le relevé est une autre
verify-bot-declaration-unsigned = la déclaration de bot de { $seat } dans le relevé n’est pas signée avec la clé de { $seat }
# $bot is the seat whose key declared itself a bot; $person, the other.
verify-rated-bot-against-person = la partie est présentée comme classée, mais la clé de { $bot } s’était déclarée bot au début et celle de { $person } non : un bot contre une personne n’est jamais classé
verify-unrated-no-bot = la partie est présentée comme non classée parce qu’un bot y affronte une personne, mais aucune des deux clés ne s’était déclarée bot au début
verify-unrated-two-bots = la partie est présentée comme non classée parce qu’un bot y affronte une personne, mais les deux clés s’étaient déclarées bots au début
# Glicko-2's figures: a rating and its deviation (RD, as Glicko-2 names it)
# said by the server ($said, $saidDeviation), worked out here ($worked,
# $workedDeviation), before the game ($before, $beforeDeviation) and the
# opponent's before ($other names them; $otherRating, $otherDeviation);
# $result is win, loss or draw: the seat's.
verify-rating-not-glicko =
    la cote de { $seat } après la partie serait de { $said } (RD { $saidDeviation }), mais Glicko-2 donne { $worked } (RD { $workedDeviation }) à partir de la cote de { $seat } avant la partie, { $before } (RD { $beforeDeviation }), de celle de { $other }, { $otherRating } (RD { $otherDeviation }), et { $result ->
        [win] de la victoire
        [loss] de la défaite
       *[draw] du match nul
    } de { $seat }
verify-rated-games-not-one-more = les parties classées de { $seat } passeraient de { $before } à { $after } avec cette seule partie
# $provisional: yes (the answer says the rating is provisional) or no;
# $limit: the deviation above which a rating is provisional.
verify-provisional-wrong =
    la cote de { $seat } après la partie serait { $provisional ->
        [yes] provisoire
       *[no] établie
    } à RD { $deviation }, mais une cote est provisoire exactement tant que son écart dépasse { $limit }

## A game that ended at its deal

# $version is the record's, as written there.
verify-version-unsupported = la version d’équité { $version } n’est pas prise en charge (ce moteur dérive la version 1)
verify-deal-opening-without-seal = la donne : l’ouverture de { $seat } n’a pas de sceau
verify-deal-refused-without-seal = la donne : { $seat } est enregistré comme refusant d’ouvrir un sceau qu’il n’a jamais produit
verify-deal-refused-but-opened = la donne : { $seat } est enregistré comme refusant d’ouvrir son nonce, mais son ouverture figure dans le relevé
verify-deal-opening-not-seal = la donne : l’ouverture de { $seat } (placement et nonce) ne correspond pas à son sceau
verify-deal-server-nonce-not-seeds = la donne : le serveur a joué le coup de { $seat }, mais pas avec le nonce que donne sa graine engagée
verify-deal-result-forfeit = le résultat donné ({ $result }) dit que { $seat } a perdu par forfait à la donne, mais une partie qui se termine avant que les deux joueurs aient joué un coup est annulée, et personne ne la gagne
# $refused: both, one ($seat sealed a nonce and never opened it) or none.
verify-deal-result-not-the-records =
    le résultat donné ({ $result }) n’est pas celui du relevé : la partie s’est terminée à la donne, { $refused ->
        [both] les deux joueurs ayant refusé d’ouvrir
        [one] { $seat } ayant refusé d’ouvrir
       *[none] sans que personne ait refusé d’ouvrir
    }, et personne ne l’a gagnée

## A game of a match

verify-match-link-unreadable = la place du relevé dans son match (« fair.match ») est illisible
