# A finished game's analysis, on its replay (/g/ID): each player's summary,
# and each round's moves against the best the server found. Pips are
# written with one decimal (NUMBER(…, minimumFractionDigits: 1,
# maximumFractionDigits: 1)); $seat is a seat's name (Yellow, Blue); $played,
# $best and $move are moves as written on the cake (A2 C2, steal 6/6).

analysis-heading = Análisis
analysis-start = Analizar la partida
analysis-start-hint = Cada jugada frente a la mejor que encuentra el bot fuerte del servidor, en puntos del margen final.
analysis-working = Analizando la partida…
analysis-retry = Volver a intentarlo
analysis-unreachable = No se pudo analizar la partida: no se puede contactar con el servidor.
# $version: the analysis's version number, or "unknown".
analysis-unreadable = Esta página no puede leer este análisis (versión { $version ->
        [unknown] desconocida
       *[other] { $version }
    }).
# $reason: the server's refusal, a sentence in the page's language.
analysis-failed = No se pudo analizar la partida: { $reason }
# The server analyses as many games at once as it can (HTTP 503).
analysis-failed-busy = No se pudo analizar la partida: el servidor ya está analizando todas las partidas que puede; vuelve a intentarlo dentro de un minuto
analysis-failed-stopping = No se pudo analizar la partida: el servidor se está deteniendo
# $id: the game's id, as in its address.
analysis-failed-internal = No se pudo analizar la partida: el análisis de la partida { $id } ha fallado
# $status: an HTTP status, like 500.
analysis-failed-status = No se pudo analizar la partida: el servidor respondió { $status }
# Said once the analysis is in; $yellow and $blue are the players' names.
analysis-done = La partida está analizada: { $yellow } (Amarillo) jugó con un { $yellowAccuracy } % de precisión, { $blue } (Azul) con un { $blueAccuracy } % de precisión.

## The summary

analysis-summary = Resumen
analysis-summary-no-choice = { $name } ({ $seat }): ninguna ronda con elección, nada que analizar
# $accuracy: a whole percent; $best: rounds without a mistake, of $choices
# rounds with a choice; $loss: the pips lost a round on average.
analysis-summary-player = { $name } ({ $seat }): precisión del { $accuracy } %, sin errores en { $best } de { $choices ->
        [one] { $choices } ronda
       *[other] { $choices } rondas
    } con elección, { NUMBER($loss, minimumFractionDigits: 1, maximumFractionDigits: 1) } puntos perdidos por ronda de media
# Followed by buttons, each a mistake (analysis-mistake-jump).
analysis-costliest = Errores más costosos:
# A button to the round of a costly mistake, and the pips it lost.
analysis-mistake-jump = ronda { $round } (−{ NUMBER($loss, minimumFractionDigits: 1, maximumFractionDigits: 1) } puntos)
analysis-no-mistake = Ningún error.
# $pips: the loss from which a move is a mistake (1.0).
analysis-explained = Esperado: el margen final en puntos que cada jugada podía esperar, según las partidas que el servidor simuló hasta el final desde el pastel que veía cada jugador. Una pérdida viene con su intervalo del 95 %; una jugada solo es un error cuando cuesta con seguridad { NUMBER($pips, minimumFractionDigits: 1, maximumFractionDigits: 1) } puntos o más, y entonces su pérdida se vuelve a medir con simulaciones nuevas (la suerte que la convirtió en error no cuenta). Precisión: la proporción de rondas con elección jugadas sin error. Las jugadas que hizo el servidor al agotarse un plazo no se cuentan.

## The round on the cake

analysis-round-heading = Ronda { $round }, desde el pastel de arriba
analysis-round-skipped = La ronda { $round } no se analizó: una partida larga se analiza en rondas repartidas a lo largo de ella.
analysis-round-missing = No hay análisis de la ronda { $round }.
analysis-move-no-choice = { $seat } no tuvo elección
analysis-move-deadline = { $seat } agotó el plazo: el servidor jugó { $played }
# $bestMargin: the final margin the better move could expect (analysis-margin);
# $loss ± $spread: the pips lost, with its 95 % interval.
analysis-move-deadline-mistake = { $seat } agotó el plazo: el servidor jugó { $played }; mejor: { $best } ({ $bestMargin }): { NUMBER($loss, minimumFractionDigits: 1, maximumFractionDigits: 1) } ± { NUMBER($spread, minimumFractionDigits: 1, maximumFractionDigits: 1) } puntos perdidos
# $playedMargin, $bestMargin: the final margin each move could expect (analysis-margin).
analysis-move-mistake = { $seat } jugó { $played } (esperado { $playedMargin }); mejor: { $best } ({ $bestMargin }): { NUMBER($loss, minimumFractionDigits: 1, maximumFractionDigits: 1) } ± { NUMBER($spread, minimumFractionDigits: 1, maximumFractionDigits: 1) } puntos perdidos
analysis-move-best = { $seat } jugó { $played }, tan buena como la mejor encontrada
# ≈ $low to $high: the interval of pips the move may have lost.
analysis-move-no-clear-mistake = { $seat } jugó { $played }, sin error claro (≈ { NUMBER($low, minimumFractionDigits: 1, maximumFractionDigits: 1) } a { NUMBER($high, minimumFractionDigits: 1, maximumFractionDigits: 1) } puntos por detrás de la mejor encontrada)
# A final margin in pips with its sign, a true minus: +0.4, −3.1, 0.0.
analysis-margin = { $sign ->
        [plus] +{ NUMBER($pips, minimumFractionDigits: 1, maximumFractionDigits: 1) }
        [minus] −{ NUMBER($pips, minimumFractionDigits: 1, maximumFractionDigits: 1) }
       *[zero] { NUMBER($pips, minimumFractionDigits: 1, maximumFractionDigits: 1) }
    }

## Under the cake: the better move drawn on it

analysis-better-for = Mejor jugada mostrada para:
analysis-drawn-over = Nada dibujado: la partida ha terminado.
analysis-drawn = Dibujada: la mejor jugada de { $seat } para la ronda { $round }, { $move }
analysis-drawn-no-mistake = Nada dibujado: { $seat } no cometió ningún error claro en la ronda { $round }.
analysis-drawn-no-choice = Nada dibujado: { $seat } no tuvo elección en la ronda { $round }.
