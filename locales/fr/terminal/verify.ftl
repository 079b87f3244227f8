# The terminal's own check of a finished game (`mice-cake verify`, and the
# check after a game played here): the verdict in one line, its notes in
# brackets, and the first broken link it finds. Keys (their first 16
# hexadecimal digits), pool names (standard, face_up, …), record formats and
# the results given (written by the terminal's result line) go in as they are.
# $round is a round's number, 0 for the deal; $seat, $bot, $person and
# $opponent are seats' names (text-seat).

## Lists of rounds, joined with commas: "the deal, rounds 3–5, round 7"

verify-rounds-deal = la donne
verify-rounds-one = la manche { $round }
verify-rounds-run = les manches { $first } à { $last }

## The verdict

verify-fair = partie vérifiée équitable : la graine correspond à l’engagement publié au début, chaque sceau correspond à son ouverture, { $rounds ->
        [0] la donne vient
        [one] la donne et les dés de l’unique manche viennent
       *[other] la donne et les dés des { $rounds } manches viennent
    } de la graine et des nonces des deux joueurs, et chaque résultat respecte les règles
verify-aborted-deal = partie vérifiée : elle s’est arrêtée à sa donne, avant toute distribution ; la graine correspond à l’engagement publié au début, et chaque sceau, ouverture et signature produits sont valides
verify-unsealed = équité impossible à prouver : une partie d’avant le jeu scellé (format de relevé 1) ; ses manches respectent les règles, mais ses dés venaient de la seule graine du serveur
# $problem: the first broken link, one of the findings below.
verify-broken = NON ÉQUITABLE : { $problem }
# $error: why the record could not be fetched or read (from elsewhere).
verify-could-not = impossible de vérifier la partie : { $error }

## Notes after the verdict, each in brackets. $rounds is a list of rounds
## (above).

verify-note-server-everything = (remarque : le serveur a joué tous les coups, ceux de la donne compris : la partie repose sur sa seule graine)
verify-note-server-both = (remarque : le serveur a joué les deux coups pour { $rounds } : ceux-là reposent sur sa seule graine)
verify-note-taken-over = (remarque : le serveur a joué votre coup pour { $rounds } alors que ce client en avait scellé un : trop tard pour le délai, ou perdu en route)
# $cause: what the result's forfeit rests on (verify-cause-… and the like).
verify-note-result = (le résultat : { $cause })
verify-note-format-2 = (remarque : un relevé d’avant les coups signés, format 2 : rien ne prouve quels coups étaient ceux des joueurs plutôt que ceux du serveur)
# Follows the verdict's first sentence directly: it brings its own
# separator. $keys: a list of verify-signed-key, joined with commas.
verify-signed = { "\u202F" }; chaque coup joué par un joueur est signé par ce joueur ({ $keys })
# $key: the first 16 hexadecimal digits of the player's key.
verify-signed-key = ceux de { $seat } avec la clé { $key }…
verify-note-unsigned-moves = (remarque : les coups de { $seat } ne sont pas signés : rien ne prouve que { $seat } les a joués plutôt que le serveur)
verify-note-server-bot = (remarque : { $seat } est le bot du serveur : ses coups sont ceux du serveur par nature)
# $count: how many of the seat's moves (the deal's nonce among them) the
# server made.
verify-note-server-deal = (remarque : le serveur a fait le nonce de donne de { $seat } : { $count ->
        [one] un délai manqué
       *[other] des délais manqués
    })
verify-note-server-moves = (remarque : le serveur a joué le coup de { $seat } pour { $rounds } : { $count ->
        [one] un délai manqué
       *[other] des délais manqués
    })
verify-note-server-deal-and-moves = (remarque : le serveur a fait le nonce de donne de { $seat } et joué son coup pour { $rounds } : { $count ->
        [one] un délai manqué
       *[other] des délais manqués
    })
verify-note-refused-one = ({ $seat } a scellé un nonce sans jamais l’ouvrir, et la partie a été annulée)
verify-note-refused-both = (les deux ont scellé un nonce sans jamais l’ouvrir)
verify-note-unsigned-seal = (remarque : le sceau de { $seat } n’est pas signé : rien ne prouve que { $seat } l’a fait plutôt que le serveur)

## What a forfeit rests on, for verify-note-result

# Both seats' notes, when both forfeited.
verify-cause-pair = { $first } ; { $second }
verify-cause-disconnected = que { $seat } soit resté absent au-delà du délai de grâce repose sur la seule parole du serveur
verify-cause-not-opened = que { $seat } n’ait pas ouvert à temps un coup scellé repose sur la seule parole du serveur (le relevé montre le sceau ; seul le serveur a vu si l’ouverture est arrivée à temps)
verify-left-proven = { $seat } a quitté la partie, comme le prouve son départ signé avec la clé de { $seat }
verify-left-word = que { $seat } ait quitté la partie repose sur la seule parole du serveur ({ $seat } n’avait pas de clé pour signer son départ)
verify-deal-nonce-missing = { $seat } n’a scellé aucun nonce de donne à temps, comme le prouve le relevé (il ne contient aucun sceau de { $seat })
# $count: the rounds at the record's end in which the server made the move.
verify-missed-word = que { $seat } ait manqué trop de délais repose sur la seule parole du serveur : le serveur a joué le coup de { $seat } { $count ->
        [one] dans la dernière manche du relevé
       *[other] dans chacune des { $count } dernières manches du relevé
    }, mais la réponse ne donne pas la limite du serveur (une partie enregistrée avant que les serveurs ne la conservent)
# $limit: the server's limit of missed deadlines in a row; $count: the
# rounds at the record's end in which the server made the move.
verify-missed-proven = { $seat } a manqué { $limit ->
        [one] { $limit } délai
       *[other] { $limit } délais
    } d’affilée, comme le prouve le relevé : le serveur a joué le coup de { $seat } { $count ->
        [one] dans sa dernière manche
       *[other] dans chacune de ses { $count } dernières manches
    }

## What is broken: the result given against the record

verify-played-unsealed = la partie a été jouée scellée, mais son relevé ne contient aucun sceau
verify-no-seed = le relevé n’a pas de graine : la partie n’est pas terminée, ou la graine en a été retirée
verify-answer-without-record = la réponse du serveur ne contient aucun relevé
# $error: what the JSON reader says (in English).
verify-not-a-record = ce n’est pas un relevé de partie : { $error }
verify-deal-only = la partie s’est arrêtée à sa donne : elle n’a aucune manche à lire
# $result: the result the server gives, as the terminal writes a result.
verify-deal-forfeit = le résultat donné ({ $result }) dit que { $seat } a déclaré forfait à la donne, mais une partie qui s’arrête avant que les deux joueurs aient joué un coup est annulée, et personne ne la gagne
verify-deal-result-none = le résultat donné ({ $result }) n’est pas celui du relevé : la partie s’est arrêtée à sa donne, sans que personne refuse d’ouvrir, et sans gagnant
verify-deal-result-one = le résultat donné ({ $result }) n’est pas celui du relevé : la partie s’est arrêtée à sa donne, { $seat } refusant d’ouvrir, et sans gagnant
verify-deal-result-both = le résultat donné ({ $result }) n’est pas celui du relevé : la partie s’est arrêtée à sa donne, les deux refusant d’ouvrir, et sans gagnant
verify-leave-but-other-ending = le relevé contient le départ signé de { $seat }, mais le résultat donné dit que la partie s’est terminée autrement ({ $ending ->
        [played] jouée jusqu’au bout
        [forfeit] un forfait pour une autre cause
        [abandoned] abandonnée par les deux
       *[aborted] annulée pour une autre cause
    })
verify-left-unproven = le résultat donné dit que { $seat } a quitté la partie, mais le relevé ne contient aucun départ signé avec la clé de { $seat } : rien ne prouve que { $seat } l’a quittée
verify-deal-nonce-sealed = le résultat donné dit que { $seat } n’a pas scellé de nonce de donne à temps, mais le relevé contient le sceau de { $seat }
verify-missed-own-move = le résultat donné dit que { $seat } a manqué trop de délais, mais le dernier coup de { $seat } dans le relevé est bien le sien
# $count: the moves at the record's end the server made for the seat;
# $limit: how many in a row make a forfeit.
verify-missed-too-few = le résultat donné dit que { $seat } a manqué trop de délais, mais { $count ->
        [0] le relevé ne se termine par aucun coup joué par le serveur pour { $seat }
        [one] le relevé ne se termine que par { $count } coup joué par le serveur pour { $seat }
       *[other] les { $count } derniers coups joués par le serveur pour { $seat } dans le relevé ne suffisent pas
    } (limite du serveur : { $limit } d’affilée)
verify-limit-zero = la réponse dit que le serveur fait déclarer forfait à un joueur après 0 délai manqué d’affilée, mais aucun serveur ne fonctionne avec une limite inférieure à 1
# missed_deadline_limit is the answer's field: never translated.
verify-limit-missing = la réponse omet la limite du serveur de délais manqués d’affilée (missed_deadline_limit), que donne toute réponse avec un relevé au format { $format } : sans elle, rien ne dit combien de coups le serveur doit avoir joués pour un joueur qui déclare forfait pour délais manqués
# $limit: the server's limit of missed deadlines in a row.
verify-deadline-end-one = le serveur a joué le coup de { $seat } { $limit ->
        [one] dans la dernière manche du relevé
       *[other] dans chacune des { $limit } dernières manches du relevé
    }, sa limite de délais manqués d’affilée : la partie s’est terminée là, par le forfait de { $seat } pour délais manqués, et non comme le dit le résultat donné ({ $result })
verify-deadline-end-both = le serveur a joué les coups de Jaune et de Bleu { $limit ->
        [one] dans la dernière manche du relevé
       *[other] dans chacune des { $limit } dernières manches du relevé
    }, sa limite de délais manqués d’affilée : la partie s’est terminée là, abandonnée par les deux pour délais manqués, et non comme le dit le résultat donné ({ $result })
verify-early-forfeit-one = le résultat donné ({ $result }) dit que { $seat } a déclaré forfait, mais aucune manche n’a été révélée : une partie qui s’arrête avant que les deux joueurs aient joué un coup est annulée, et personne ne la gagne
verify-early-forfeit-both = le résultat donné ({ $result }) dit que les deux joueurs ont déclaré forfait, mais aucune manche n’a été révélée : une partie qui s’arrête avant que les deux joueurs aient joué un coup est annulée, et personne ne la gagne
verify-aborted-after-rounds = le résultat donné ({ $result }) dit que la partie a été annulée avant que les deux joueurs aient joué un coup, mais { $count ->
        [one] { $count } manche avait été révélée
       *[other] { $count } manches avaient été révélées
    } auparavant : dès lors, une partie se termine par un forfait
verify-played-but-cut = le résultat donné ({ $result }) dit que la partie a été jouée jusqu’au bout, mais son relevé s’arrête avant la fin
# $expected: the result the record plays out to, written as $result is.
verify-result-not-records = le résultat donné ({ $result }) n’est pas celui du relevé : rejoué, le relevé donne { $expected }
verify-revealed-nothing-dealt = une manche a été révélée en jeu, mais le relevé dit que rien n’a été distribué

## What is broken: a rated game

# $reason: why it was not rated (the terminal's words for it).
verify-rated-and-not = la partie est dite à la fois classée et amicale ({ $reason })
verify-rated-ended-early = la partie aurait changé la cote de ses joueurs, mais elle a été { $how ->
        [aborted] annulée avant que les deux joueurs aient joué un coup
       *[abandoned] abandonnée par les deux en même temps
    } : une telle partie n’est jamais classée
verify-unrated-not-so = la partie est dite amicale parce qu’{ $how ->
        [aborted] annulée
       *[abandoned] abandonnée
    }, mais elle n’a pas été { $how ->
        [aborted] annulée
       *[abandoned] abandonnée
    }
verify-rated-unsealed = la partie est dite jouée dans une salle classée, mais son relevé ne contient aucun sceau
verify-rated-server-deal-nonce = la partie est dite classée, mais le serveur a fait le nonce de donne de { $seat } : rien ne prouve que la clé de { $seat } l’a joué
verify-rated-one-key = la partie est dite classée, mais une seule clé a joué les deux places : une telle partie n’est jamais classée
# $pool and $rules: pool names (standard, boost, face_up, …), as commands write them.
verify-rated-other-pool = la partie est dite classée dans la catégorie { $pool }, mais ses règles sont celles de la catégorie { $rules }
verify-rated-no-pool = la partie est dite classée dans la catégorie { $pool }, mais ses règles ne sont celles d’aucune catégorie (une autre limite d’impasse)
verify-rated-other-key = la partie est dite classée pour la clé { $key }… de { $seat }, mais la clé de { $seat } dans le relevé en est une autre
verify-room-other-key = la réponse dit que { $seat } a joué la partie de sa salle classée avec la clé { $key }…, mais la clé de { $seat } dans le relevé en est une autre
verify-bot-unsigned = la déclaration de bot de { $seat } dans le relevé n’est pas signée avec la clé de { $seat }
verify-bot-rated = la partie est dite classée, mais la clé de { $bot } s’était déclarée bot au début de la partie et celle de { $person } non : un bot contre une personne n’est jamais classé
verify-bot-none = la partie est dite amicale parce qu’un bot affronte une personne, mais aucune des deux clés ne s’était déclarée bot au début de la partie
verify-bot-both = la partie est dite amicale parce qu’un bot affronte une personne, mais les deux clés s’étaient déclarées bots au début de la partie
# Ratings and their deviations (RD) come written to one decimal place, as
# the language writes decimals.
# $opponent: the other seat; $result: how the game went for $seat.
verify-glicko = la cote de { $seat } après la partie serait de { $after } (RD { $after_rd }), mais Glicko-2 donne { $worked } (RD { $worked_rd }) à partir de la cote de { $seat } avant la partie, { $before } (RD { $before_rd }), de celle de { $opponent }, { $opponent_before } (RD { $opponent_rd }), et { $result ->
        [win] de la victoire
        [loss] de la défaite
       *[draw] du match nul
    } de { $seat }
verify-rated-games = les parties classées de { $seat } passeraient de { $before } à { $after } avec cette seule partie
# $limit: the deviation above which a rating is provisional.
verify-provisional = la cote de { $seat } après la partie serait { $provisional ->
        [yes] provisoire
       *[no] établie
    } avec un RD de { $rd }, mais une cote est provisoire exactement tant que son écart dépasse { $limit }

## What is broken: the record against what this client saw in play

verify-witness-commitment-changed = le serveur a publié un autre engagement pendant la partie
verify-witness-seal-changed-in-play = le sceau de { $seat } pour { $round ->
        [0] la donne
       *[other] la manche { $round }
    } a changé après sa publication
verify-witness-not-sealed = le relevé ne contient aucun sceau : ce n’est pas la partie scellée qui a été jouée
verify-witness-other-commitment = l’engagement du relevé n’est pas celui publié au début de la partie
verify-witness-round-missing = la manche { $round } a été scellée en jeu mais manque au relevé
verify-witness-own-move-changed = { $round ->
        [0] la donne
       *[other] manche { $round }
    } : le relevé ne contient pas le coup que vous avez ouvert
verify-witness-seal-changed = le sceau de { $seat } pour { $round ->
        [0] la donne
       *[other] la manche { $round }
    } n’est pas celui publié avant l’ouverture des coups

## What is broken: the record against itself, the seed and the rules

verify-replay-format = le format de relevé { $found } n’est pas pris en charge (ce moteur lit les formats { $first } à { $last })
# "fair" and "fair.keys", "fair.left" are the record's fields: never translated.
verify-replay-unsealed-with-fair = un relevé au format { $format } ne contient pas de sceaux (« fair » appartient aux formats 2 et 3)
verify-replay-fair-missing = un relevé au format { $format } doit contenir son engagement, ses sceaux et ses nonces (« fair »)
verify-replay-keys-missing = un relevé au format { $format } doit contenir les clés de ses joueurs (« fair.keys »)
verify-replay-keys-misplaced = un relevé au format { $format } ne contient pas de clés (« fair.keys » appartient aux formats 3 et 4)
verify-replay-leave-misplaced = un relevé au format { $format } ne contient pas de départ (« fair.left » appartient au format 4)
verify-replay-server-move-claimed = { $round ->
        [0] la donne
       *[other] manche { $round }
    } : le coup de { $seat } est enregistré comme le sien, mais son nonce est celui que la graine engagée du serveur donne pour { $seat } dans cette manche : c’est le serveur qui l’a joué
verify-replay-signed-without-key = { $round ->
        [0] la donne
       *[other] manche { $round }
    } : le coup de { $seat } porte une signature, mais { $seat } n’a annoncé aucune clé pour la vérifier
verify-replay-signed-server-move = { $round ->
        [0] la donne
       *[other] manche { $round }
    } : le serveur a joué le coup de { $seat }, et pourtant le relevé lui donne la signature de { $seat }
# $signed: the round the leave names; $stopped: the round under way when
# the record stops (0: the deal).
verify-replay-leave-round = le départ de { $seat } est signé pour { $signed ->
        [0] la donne
       *[other] la manche { $signed }
    }, mais le relevé s’arrête { $stopped ->
        [0] à la donne
       *[other] à la manche { $stopped }
    }
verify-replay-bad-leave = le départ de { $seat } ({ $round ->
        [0] la donne
       *[other] manche { $round }
    }) n’est pas signé avec la clé de { $seat }
verify-replay-unsigned = { $round ->
        [0] la donne
       *[other] manche { $round }
    } : le coup de { $seat } est enregistré comme le sien, mais il n’est pas signé avec la clé de { $seat } (un coup sans la signature de son joueur est celui du serveur)
verify-replay-opening-without-seal = la donne : l’ouverture de { $seat } n’a pas de sceau
verify-replay-refused-unsealed = la donne : { $seat } est enregistré comme refusant d’ouvrir un sceau qu’il n’a jamais fait
verify-replay-refused-but-opened = la donne : { $seat } est enregistré comme refusant d’ouvrir son nonce, mais son ouverture est dans le relevé
verify-replay-bad-signature = { $round ->
        [0] la donne
       *[other] manche { $round }
    } : la signature de { $seat } ne correspond pas au sceau et à la clé de { $seat }
verify-replay-fairness-version = la version d’équité { $found } n’est pas prise en charge (ce moteur dérive la version { $version })
verify-replay-stall-limit = la limite d’impasse doit être de 1 à { $max } manches, et non { $limit }
verify-replay-seed = la graine ne correspond pas à l’engagement publié au début de la partie
verify-replay-seal-mismatch = { $round ->
        [0] la donne
       *[other] manche { $round }
    } : l’ouverture de { $seat } (placement et nonce) ne correspond pas à son sceau
verify-replay-server-nonce = { $round ->
        [0] la donne
       *[other] manche { $round }
    } : le serveur a joué le coup de { $seat }, mais pas avec le nonce que donne sa graine engagée
verify-replay-seal-count = le relevé compte { $rounds } manches mais { $sealed } échanges scellés
verify-replay-layout = la donne n’est pas celle que donnent la graine et les nonces des deux joueurs
verify-replay-round-number = la manche { $found } est enregistrée à la place de la manche { $expected }
# $problem: why (verify-round-illegal, verify-game-over).
verify-replay-round = la manche { $round } ne peut pas être rejouée : { $problem }
# $die: which die of the roll, from 1; $recorded and $derived: its faces.
verify-replay-die = manche { $round } : le dé { $die } { $kind ->
        [boost] de l’élan
       *[attempt] de la tentative
    } de { $seat } dans la colonne { $column } vaut { $recorded } dans le relevé, mais la graine et les deux nonces donnent { $derived }
verify-replay-report = la manche { $round } ne se rejoue pas comme enregistrée : { $part ->
        [assignments] ses placements diffèrent
        [revealed-pieces] ses pièces retournées diffèrent
        [attempts] ses tentatives diffèrent
        [boosts] ses élans diffèrent
        [flips] ses retournements diffèrent
        [removed-pieces] ses pièces retirées diffèrent
        [resting-mice] ses souris au repos diffèrent
        [outcomes] ses résultats diffèrent
       *[other] ses { $part } diffèrent
    }
verify-replay-outcome = la fin enregistrée de la partie n’est pas celle que donne le rejeu
verify-replay-no-seed = le relevé n’a pas de graine : ses dés ne peuvent pas être vérifiés et la partie ne peut pas continuer
verify-game-over = la partie est terminée
# $problem: why (verify-assignment-…).
verify-round-illegal = le placement de { $seat } ne peut pas être joué : { $problem }
verify-assignment-too-many = { $placed ->
        [one] { $placed } souris placée
       *[other] { $placed } souris placées
    }, mais une famille n’en compte que { $mice }
verify-assignment-resting = { $placed ->
        [one] { $placed } souris placée
       *[other] { $placed } souris placées
    }, mais seulement { $available } disponibles : les autres sont au repos
verify-assignment-unplaced = { $placed } souris placées sur { $available } disponibles : toute souris disponible doit être placée
verify-assignment-empty-column = la colonne { $column } n’a plus aucune pièce
verify-assignment-nothing-to-steal = la colonne { $column } offre le double blanc, mais l’adversaire n’a encore rien à voler
verify-assignment-steal-without-target = des souris sur le double blanc de la colonne { $column } doivent désigner une pièce de l’adversaire à voler
verify-assignment-not-in-stash = la réserve de l’adversaire ne contient pas { $piece }
verify-assignment-target-without-steal = { $piece } ne peut être volée que par des souris sur le double blanc, et aucune n’y est placée

## Un match vérifié en entier (`mice-cake verify --match ID`). $number et
## $position sont des numéros de parties dans le match, 1 pour la première.
## Les noms entrent tels quels.

match-verify-whole = le match est entier : { $games ->
    [one] sa seule partie est là, vérifiée équitable
   *[other] ses { $games } parties sont toutes là, dans l’ordre, aucune retirée ni ajoutée, chacune vérifiée équitable
} ; { $score } ; { $how }
match-verify-score = { $yellow } { $yellow_wins } – { $blue } { $blue_wins }
match-verify-goes-on = le match continue
match-verify-won = { $winner } a gagné le match
match-verify-left = { $player } a quitté une partie, et avec elle le match
match-verify-left-between = { $player } est parti entre deux parties, et a perdu le match (selon le serveur : aucune partie ne l’enregistre)
match-verify-abandoned = les deux joueurs sont partis : personne n’a gagné
match-verify-broken = MATCH NON PROUVÉ : { $problem }
match-verify-game = partie { $number } : { $problem }
match-verify-unsealed = une partie d’avant le jeu scellé ne peut pas faire partie d’un match
match-verify-no-result = le serveur ne donne pas son résultat
match-verify-not-listed = les parties obtenues ne sont pas celles que le match liste
match-verify-after-end = la partie { $number } vient après que le match a déjà été gagné
match-verify-wins = les parties donnent un score de { $counted }, et le serveur dit { $claimed }
match-verify-not-over = le serveur dit le match terminé, mais ses parties ne le terminent pas : il manque une partie à la fin
match-verify-status = ses parties terminent le match, mais le serveur le dit { $status }
match-verify-other-player = une autre clé que celle de { $name } occupe la place de ce joueur
match-verify-bad-id = pas un identifiant de match (32 chiffres hexadécimaux) : { $id }
match-verify-unreadable = la réponse du serveur n’est pas un match : { $error }
match-chain-no-game = le match n’a aucune partie
match-chain-not-in-match = la partie { $number } de la liste n’appartient à aucun match
match-chain-other-match = la partie { $number } de la liste appartient à un autre match
match-chain-out-of-order = la partie { $position } de la liste se dit partie { $number } du match : une partie manque, est répétée ou n’est pas à sa place
match-chain-broken = la partie { $number } ne suit pas la partie { $previous } : une partie entre elles manque ou a été ajoutée
match-chain-other-rules = la partie { $number } a été jouée avec d’autres règles que la partie 1
match-status-playing = encore en cours
match-status-won = gagné
match-status-forfeit = gagné par forfait
match-status-abandoned = abandonné
