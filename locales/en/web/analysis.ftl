# A finished game's analysis, on its replay (/g/ID): each player's summary,
# and each round's moves against the best the server found. Pips are
# written with one decimal (NUMBER(…, minimumFractionDigits: 1,
# maximumFractionDigits: 1)); $seat is a seat's name (Yellow, Blue); $played,
# $best and $move are moves as written on the cake (A2 C2, steal 6/6).

analysis-heading = Analysis
analysis-start = Analyse the game
analysis-start-hint = Each move against the best the server's strong bot finds, in pips of the final margin.
analysis-working = Analysing the game…
analysis-retry = Try again
analysis-unreachable = Could not analyse the game: the server cannot be reached.
# $version: the analysis's version number, or "unknown".
analysis-unreadable = This page cannot read this analysis (version { $version ->
        [unknown] unknown
       *[other] { $version }
    }).
# $reason: the server's refusal, a sentence in the page's language.
analysis-failed = Could not analyse the game: { $reason }
# The server analyses as many games at once as it can (HTTP 503).
analysis-failed-busy = Could not analyse the game: the server is analysing as many games as it can: try again in a minute
analysis-failed-stopping = Could not analyse the game: the server is stopping
# $id: the game's id, as in its address.
analysis-failed-internal = Could not analyse the game: the analysis of game { $id } failed
# $status: an HTTP status, like 500.
analysis-failed-status = Could not analyse the game: the server answered { $status }
# Said once the analysis is in; $yellow and $blue are the players' names.
analysis-done = The game is analysed: { $yellow } (Yellow) played with { $yellowAccuracy } % accuracy, { $blue } (Blue) played with { $blueAccuracy } % accuracy.

## The summary

analysis-summary = Summary
analysis-summary-no-choice = { $name } ({ $seat }): no round with a choice, nothing to analyse
# $accuracy: a whole percent; $best: rounds without a mistake, of $choices
# rounds with a choice; $loss: the pips lost a round on average.
analysis-summary-player = { $name } ({ $seat }): accuracy { $accuracy } %, no mistake in { $best } of { $choices ->
        [one] { $choices } round
       *[other] { $choices } rounds
    } with a choice, { NUMBER($loss, minimumFractionDigits: 1, maximumFractionDigits: 1) } pips lost a round on average
# Followed by buttons, each a mistake (analysis-mistake-jump).
analysis-costliest = Costliest mistakes:
# A button to the round of a costly mistake, and the pips it lost.
analysis-mistake-jump = round { $round } (−{ NUMBER($loss, minimumFractionDigits: 1, maximumFractionDigits: 1) } pips)
analysis-no-mistake = No mistake.
# $pips: the loss from which a move is a mistake (1.0).
analysis-explained = Expected: the final margin in pips each move could expect, as the server played it out from the cake each player saw. A loss comes with its 95 % interval; a move is a mistake only when it surely costs { NUMBER($pips, minimumFractionDigits: 1, maximumFractionDigits: 1) } pip or more, and its loss is then measured again on fresh playouts (the luck that made it one does not count). Accuracy: the share of rounds with a choice played without a mistake. Moves the server made at a missed deadline are not counted.

## The round on the cake

analysis-round-heading = Round { $round }, from the cake above
analysis-round-skipped = Round { $round } was not analysed: a long game is analysed at rounds spread over it.
analysis-round-missing = No analysis of round { $round }.
analysis-move-no-choice = { $seat } had no choice
analysis-move-deadline = { $seat } missed the deadline: the server played { $played }
# $bestMargin: the final margin the better move could expect (analysis-margin);
# $loss ± $spread: the pips lost, with its 95 % interval.
analysis-move-deadline-mistake = { $seat } missed the deadline: the server played { $played }; better: { $best } ({ $bestMargin }): { NUMBER($loss, minimumFractionDigits: 1, maximumFractionDigits: 1) } ± { NUMBER($spread, minimumFractionDigits: 1, maximumFractionDigits: 1) } pips lost
# $playedMargin, $bestMargin: the final margin each move could expect (analysis-margin).
analysis-move-mistake = { $seat } played { $played } (expected { $playedMargin }); better: { $best } ({ $bestMargin }): { NUMBER($loss, minimumFractionDigits: 1, maximumFractionDigits: 1) } ± { NUMBER($spread, minimumFractionDigits: 1, maximumFractionDigits: 1) } pips lost
analysis-move-best = { $seat } played { $played }, as good as any found
# ≈ $low to $high: the interval of pips the move may have lost.
analysis-move-no-clear-mistake = { $seat } played { $played }, no clear mistake (≈ { NUMBER($low, minimumFractionDigits: 1, maximumFractionDigits: 1) } to { NUMBER($high, minimumFractionDigits: 1, maximumFractionDigits: 1) } pips behind the best found)
# A final margin in pips with its sign, a true minus: +0.4, −3.1, 0.0.
analysis-margin = { $sign ->
        [plus] +{ NUMBER($pips, minimumFractionDigits: 1, maximumFractionDigits: 1) }
        [minus] −{ NUMBER($pips, minimumFractionDigits: 1, maximumFractionDigits: 1) }
       *[zero] { NUMBER($pips, minimumFractionDigits: 1, maximumFractionDigits: 1) }
    }

## Under the cake: the better move drawn on it

analysis-better-for = Better move shown for:
analysis-drawn-over = Nothing drawn: the game is over.
analysis-drawn = Drawn: { $seat }'s better move for round { $round }, { $move }
analysis-drawn-no-mistake = Nothing drawn: { $seat } made no clear mistake in round { $round }.
analysis-drawn-no-choice = Nothing drawn: { $seat } had no choice in round { $round }.
