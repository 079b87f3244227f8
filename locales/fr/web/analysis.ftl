# A finished game's analysis, on its replay (/g/ID): each player's summary,
# and each round's moves against the best the server found. Pips are
# written with one decimal (NUMBER(…, minimumFractionDigits: 1,
# maximumFractionDigits: 1)); $seat is a seat's name (Yellow, Blue); $played,
# $best and $move are moves as written on the cake (A2 C2, steal 6/6).

analysis-heading = Analyse
analysis-start = Analyser la partie
analysis-start-hint = Chaque coup comparé au meilleur que trouve le bot fort du serveur, en points de l’écart final.
analysis-working = Analyse de la partie…
analysis-retry = Réessayer
analysis-unreachable = Impossible d’analyser la partie : le serveur est injoignable.
# $version: the analysis's version number, or "unknown".
analysis-unreadable = Cette page ne sait pas lire cette analyse (version { $version ->
        [unknown] inconnue
       *[other] { $version }
    }).
# $reason: the server's refusal, a sentence in the page's language.
analysis-failed = Impossible d’analyser la partie : { $reason }
# The server analyses as many games at once as it can (HTTP 503).
analysis-failed-busy = Impossible d’analyser la partie : le serveur analyse déjà autant de parties qu’il le peut ; réessayez dans une minute
analysis-failed-stopping = Impossible d’analyser la partie : le serveur s’arrête
# $id: the game's id, as in its address.
analysis-failed-internal = Impossible d’analyser la partie : l’analyse de la partie { $id } a échoué
# $status: an HTTP status, like 500.
analysis-failed-status = Impossible d’analyser la partie : le serveur a répondu { $status }
# Said once the analysis is in; $yellow and $blue are the players' names.
analysis-done = La partie est analysée : { $yellow } (Jaune) a joué avec { $yellowAccuracy } % de précision, { $blue } (Bleu) avec { $blueAccuracy } % de précision.

## The summary

analysis-summary = Résumé
analysis-summary-no-choice = { $name } ({ $seat }) : aucune manche avec un choix, rien à analyser
# $accuracy: a whole percent; $best: rounds without a mistake, of $choices
# rounds with a choice; $loss: the pips lost a round on average.
analysis-summary-player = { $name } ({ $seat }) : précision { $accuracy } %, sans erreur dans { $best } { $best ->
        [one] manche
       *[other] manches
    } sur { $choices } avec un choix, { NUMBER($loss, minimumFractionDigits: 1, maximumFractionDigits: 1) } { NUMBER($loss, minimumFractionDigits: 1, maximumFractionDigits: 1) ->
        [one] point perdu
       *[other] points perdus
    } par manche en moyenne
# Followed by buttons, each a mistake (analysis-mistake-jump).
analysis-costliest = Erreurs les plus coûteuses :
# A button to the round of a costly mistake, and the pips it lost.
analysis-mistake-jump = manche { $round } (−{ NUMBER($loss, minimumFractionDigits: 1, maximumFractionDigits: 1) } { NUMBER($loss, minimumFractionDigits: 1, maximumFractionDigits: 1) ->
        [one] point
       *[other] points
    })
analysis-no-mistake = Aucune erreur.
# $pips: the loss from which a move is a mistake (1.0).
analysis-explained = Espérance : l’écart final en points que chaque coup pouvait espérer, selon les parties que le serveur a jouées jusqu’au bout à partir du gâteau que voyait chaque joueur. Une perte est donnée avec son intervalle à 95 % ; un coup n’est une erreur que s’il coûte sûrement { NUMBER($pips, minimumFractionDigits: 1, maximumFractionDigits: 1) } point ou plus, et sa perte est alors mesurée à nouveau sur de nouvelles parties simulées (la chance qui en a fait une erreur ne compte pas). Précision : la part des manches avec un choix jouées sans erreur. Les coups joués par le serveur à un délai dépassé ne sont pas comptés.

## The round on the cake

analysis-round-heading = Manche { $round }, à partir du gâteau ci-dessus
analysis-round-skipped = La manche { $round } n’a pas été analysée : une longue partie est analysée sur des manches réparties au fil du jeu.
analysis-round-missing = Pas d’analyse de la manche { $round }.
analysis-move-no-choice = { $seat } n’avait pas le choix
analysis-move-deadline = { $seat } a dépassé le délai : le serveur a joué { $played }
# $bestMargin: the final margin the better move could expect (analysis-margin);
# $loss ± $spread: the pips lost, with its 95 % interval.
analysis-move-deadline-mistake = { $seat } a dépassé le délai : le serveur a joué { $played } ; mieux : { $best } ({ $bestMargin }) : { NUMBER($loss, minimumFractionDigits: 1, maximumFractionDigits: 1) } ± { NUMBER($spread, minimumFractionDigits: 1, maximumFractionDigits: 1) } points perdus
# $playedMargin, $bestMargin: the final margin each move could expect (analysis-margin).
analysis-move-mistake = { $seat } a joué { $played } (espérance { $playedMargin }) ; mieux : { $best } ({ $bestMargin }) : { NUMBER($loss, minimumFractionDigits: 1, maximumFractionDigits: 1) } ± { NUMBER($spread, minimumFractionDigits: 1, maximumFractionDigits: 1) } points perdus
analysis-move-best = { $seat } a joué { $played }, aussi bon que le meilleur coup trouvé
# ≈ $low to $high: the interval of pips the move may have lost.
analysis-move-no-clear-mistake = { $seat } a joué { $played }, sans erreur nette (≈ { NUMBER($low, minimumFractionDigits: 1, maximumFractionDigits: 1) } à { NUMBER($high, minimumFractionDigits: 1, maximumFractionDigits: 1) } points derrière le meilleur coup trouvé)
# A final margin in pips with its sign, a true minus: +0.4, −3.1, 0.0.
analysis-margin = { $sign ->
        [plus] +{ NUMBER($pips, minimumFractionDigits: 1, maximumFractionDigits: 1) }
        [minus] −{ NUMBER($pips, minimumFractionDigits: 1, maximumFractionDigits: 1) }
       *[zero] { NUMBER($pips, minimumFractionDigits: 1, maximumFractionDigits: 1) }
    }

## Under the cake: the better move drawn on it

analysis-better-for = Meilleur coup montré pour :
analysis-drawn-over = Rien n’est dessiné : la partie est terminée.
analysis-drawn = Dessiné : le meilleur coup de { $seat } à la manche { $round }, { $move }
analysis-drawn-no-mistake = Rien n’est dessiné : { $seat } n’a pas fait d’erreur nette à la manche { $round }.
analysis-drawn-no-choice = Rien n’est dessiné : { $seat } n’avait pas le choix à la manche { $round }.
