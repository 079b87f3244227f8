# The chart of a rating's history (chart.js): what it shows, in words, for
# screen readers (the chart's accessible name). Ratings come as shown on the
# page: "1662", or "1500?" while provisional.

chart-words-one = Puntuación tras 1 partida puntuada: { $rating }.
# $games is 2 or more.
chart-words = Puntuación tras cada una de las { $games } partidas puntuadas, de { $first } a { $last }; mínima { $lowest }, máxima { $highest }.
