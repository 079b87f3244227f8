# The chart of a rating's history (chart.js): what it shows, in words, for
# screen readers (the chart's accessible name). Ratings come as shown on the
# page: "1662", or "1500?" while provisional.

chart-words-one = Rating after 1 rated game: { $rating }.
# $games is 2 or more.
chart-words = Rating after each of { $games } rated games, from { $first } to { $last }; lowest { $lowest }, highest { $highest }.
