# The title bar and the line of hints (client-cli/src/tui/view/title.rs).
# A part that does not fit is left out whole: keep them short.

tui-title-reconnecting = reconnexion (essai { $attempt })…
tui-title-reconnected = reconnecté
tui-title-disconnected = déconnecté
tui-title-played-elsewhere = jouée ailleurs
tui-title-game = partie { $game }
tui-title-match = match { $yellow }–{ $blue }, en { $first_to } victoires
tui-title-game-round = partie { $game }, manche { $round }
tui-title-rated = classée
# A rated room whose game does not count (the rounds' log says why).
tui-title-not-rated = non classée
tui-title-unrated = amicale
tui-title-watching = { $count ->
        [one] { $count } spectateur
       *[other] { $count } spectateurs
    }

## The room's rules, joined by commas

tui-variant-standard = standard
tui-variant-all-face-up = tout face visible
tui-variant-all-face-down = tout face cachée
tui-variant-boost = élan
# The time for a round, like 1:00.
tui-variant-deadline = { $clock }/manche
tui-variant-no-deadline = sans délai

## The line of hints ($key, $reason as they are)

tui-hints-replay = ←/→ manche  Home/End début/fin  a analyser  q quitter
# Before the chat line being typed.
tui-hints-say = dire :
tui-hints-send = ⏎ envoyer · Esc annuler
tui-hints-disconnected = Déconnecté : { $reason }. q pour quitter.
tui-hints-replaced = Votre place est jouée depuis une autre connexion. q pour quitter.

## A key and what it does, in a word or two

tui-key-quit = { $key } quitter
tui-key-chat = { $key } discussion
tui-key-help = { $key } aide
tui-key-rounds = { $key } manches
# The key moves between the columns.
tui-key-column = { $key } col
tui-key-mice = { $key } souris
tui-key-target = { $key } cible
tui-key-suggest = { $key } suggérer
tui-key-clear = { $key } effacer
tui-key-commit = { $key } sceller
tui-key-rematch = { $key } revanche
