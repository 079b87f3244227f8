# The chart of a rating's history (chart.js): what it shows, in words, for
# screen readers (the chart's accessible name). Ratings come as shown on the
# page: "1662", or "1500?" while provisional.

chart-words-one = Cote après 1 partie classée : { $rating }.
# $games is 2 or more.
chart-words = Cote après chacune des { $games } parties classées, de { $first } à { $last } ; au plus bas { $lowest }, au plus haut { $highest }.
