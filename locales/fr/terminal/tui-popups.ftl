# What covers the screen for a moment: a game's result and the help
# (client-cli/src/tui/view/popups.rs).

tui-result-title = Partie { $game } terminée
tui-result-you-win = Vous gagnez !
tui-result-you-lose = Vous perdez.
tui-result-verified-fair = ✓ partie vérifiée équitable : des dés que personne n’a choisis, des coups que personne n’a vus avant l’heure
# $accuracy: each player's, like "Yellow 92 %, Blue 85 %".
tui-result-accuracy = Précision : { $accuracy }
# Above the command that replays the game.
tui-result-replay = Revoir :
tui-result-earlier-games = Parties précédentes de la salle :
tui-result-earlier-game = partie { $game } : { $command }
tui-result-keys-rematch = { $close } fermer   { $rematch } revanche   { $quit } quitter
tui-result-keys = { $close } fermer   { $quit } quitter

## The help. A message's lines are the help's lines: at most 74 columns each.

tui-help = Aide
tui-help-goal = Placez chaque souris disponible sur une colonne, puis scellez.
tui-help-dice =
    Chaque souris lance un dé vers votre pièce la plus proche dans sa
    colonne : les dés doivent atteindre ses points.
tui-help-boost-game =
    Partie avec élan : les dés au motif de la pièce (ses deux moitiés, ou
    le nombre d’une moitié blanche) valent un lancer d’élan après la manche.
tui-help-tired =
    Les dés au motif de la pièce (ses deux moitiés, ou le nombre d’une
    moitié blanche) fatiguent les souris : elles se reposent une manche.
tui-help-steal = Les souris sur le double blanc volent une pièce de la réserve adverse.
tui-help-colours = Pièces en couleur : celles que vise chaque famille ; magenta : les deux.
# The board's signs, each with what it means: keep the signs.
tui-help-legend = ● souris  z au repos  ░░░ face cachée  · prise  souligné : dernière manche
tui-help-close = N’importe quelle touche ferme l’aide.

## The keys' table: a key, then what it does (a few words)

tui-help-key-columns = ←/→ ou a–d
tui-help-key-mice = ↑/↓ ou +/-
tui-help-choose-column = choisir une colonne
tui-help-add-remove-mouse = ajouter/ôter une souris
tui-help-choose-steal = choisir quoi voler
tui-help-greedy = suggestion gloutonne
tui-help-clear = effacer
tui-help-commit = sceller (secret)
tui-help-scroll = parcourir les manches
tui-help-rematch = revanche (partie finie)
tui-help-say = écrire un message
tui-help-mute = couper la discussion
tui-help-spectators-chat = discussion des spectateurs
tui-help-rounds-or-chat = manches ou discussion
tui-help-this-help = cette aide
tui-help-quit-asks = quitter (confirmation)
# A replay's keys.
tui-help-key-next = →, l, espace
tui-help-next-round = la manche suivante
tui-help-round-before = la manche d’avant
tui-help-before-round-one = avant la manche 1
tui-help-the-end = la fin
tui-help-analyse = analyser chaque coup
tui-help-quit = quitter
